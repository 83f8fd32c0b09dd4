import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SegregationRow } from '@bankmanager/contracts';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { SegregationSection } from './segregation-section';
import { SEGREGATION_PAGE_SIZE } from '../api/segregation';

let rows: SegregationRow[] = [];
let total: number | null = null;
const get = vi.fn(async (_path: string, opts?: { onResponse?: (r: Response) => void }) => {
  const count = String(total ?? rows.length);
  opts?.onResponse?.(new Response(null, { headers: { 'x-total-count': count } }));
  return rows;
});
stubApiClient({ api: { get } });

const renderIt = (url = '/security/access') => renderAtUrl(<SegregationSection />, url);

describe('SegregationSection', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    total = null;
  });

  it('says so when nobody holds a toxic combination', async () => {
    rows = [];
    renderIt();
    await screen.findByText('Nobody holds a toxic combination of duties.');
    expect(get).toHaveBeenCalledWith(expect.stringContaining('/admin/segregation?'), expect.anything());
  });

  it('lists who holds which combination', async () => {
    rows = [
      {
        userId: 'u1',
        email: 'isatu@bank.sl',
        isSuperuser: false,
        roles: ['IT Security Administrator', 'Teller'],
        combinations: [
          {
            key: 'staff_admin_money',
            label: 'Staff administration with money movement',
            first: ['staff.manage'],
            second: ['teller.cash'],
          },
        ],
      },
    ];
    renderIt();
    await screen.findByText('isatu@bank.sl');
    expect(
      screen.getByText('Staff administration with money movement: staff.manage with teller.cash'),
    ).toBeTruthy();
  });

  it('asks for the page the URL names, and a page change moves the URL', async () => {
    rows = [{ userId: 'u2', email: 'musa@bank.sl', isSuperuser: true, roles: [], combinations: [] }];
    total = SEGREGATION_PAGE_SIZE * 4;
    const { url } = renderIt('/security/access?page=2');
    await screen.findByText('musa@bank.sl', { exact: false });
    expect(lastQuery(get.mock.calls, '/admin/segregation')).toMatchObject({ page: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('/security/access?page=3');
    await waitFor(() => expect(lastQuery(get.mock.calls, '/admin/segregation')).toMatchObject({ page: '3' }));
  });
});
