import type { ReactElement } from 'react';
import type { Mock } from 'vitest';
import { holds, type Permission } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { renderAtUrl } from '@/lib/testing/render-at-url';

/** Tests only: the business date every analysis screen test runs on. */
export const BUSINESS_DATE = '2026-11-24';

/**
 * Tests only: an analysis screen at `url` for a user holding `permissions` (by default a head-office
 * user who sees every branch), with the URL it moves to readable as `url()`.
 */
export const renderScreen = (
  ui: ReactElement,
  url: string,
  permissions: Permission[] = ['reports.read', 'branches.all'],
) =>
  renderAtUrl(
    <PermissionsContext.Provider
      value={{ me: null, can: (p) => holds({ permissions, isSuperuser: false }, p), reload: () => {} }}
    >
      {ui}
    </PermissionsContext.Provider>,
    url,
  );

/** Tests only: the mocked `api.get` answers the business date, and `data` for the report. */
export function answer(get: Mock, data: unknown) {
  get.mockReset();
  get.mockImplementation((path: string) =>
    Promise.resolve(path.startsWith('/business-date') ? { business_date: BUSINESS_DATE } : data),
  );
}
