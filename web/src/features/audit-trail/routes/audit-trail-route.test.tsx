import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { AuditTrailRoute } from './audit-trail-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });

const row = {
  id: 7,
  occurredAt: '2026-03-02T08:00:00Z',
  actorId: 'u1',
  actorEmail: 'ops@bank.sl',
  actorName: null,
  action: 'staff.approve',
  targetType: null,
  targetId: null,
  targetName: null,
  outcome: 'success',
  ip: null,
};
const PATH = '/security/audit';

describe('Audit trail: filters and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '100' } }));
      return Promise.resolve([row]);
    });
  });

  it('asks for the URL’s filters and page, dropping an outcome that is not one', async () => {
    renderAtUrl(<AuditTrailRoute />, `${PATH}?actor=ops&outcome=maybe&page=3`);
    await screen.findByTitle('staff.approve');
    const q = lastQuery(get.mock.calls, '/admin/audit');
    expect(q).toMatchObject({ actor: 'ops', page: '3' });
    expect(q).not.toHaveProperty('outcome');
    expect(screen.getByLabelText('Actor')).toHaveValue('ops');
  });

  it('writes applied filters to the URL and goes back to page one', async () => {
    const { url } = renderAtUrl(<AuditTrailRoute />, `${PATH}?actor=ops&page=3`);
    await screen.findByTitle('staff.approve');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Sign-in and passwords: every action');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(url()).toBe(`${PATH}?actor=ops&action=auth.`);
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/admin/audit')).toMatchObject({ action: 'auth.', page: '1' }),
    );
  });
});
