import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as permissions from '@/lib/permissions';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { AuditTab } from './audit-tab';
import { ContactLog } from './contact-log';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(permissions, { usePermissions: () => ({ can: () => true }) });

const auditRow = {
  id: 5,
  occurredAt: '2026-03-02T08:00:00Z',
  actorEmail: 'ops@bank.sl',
  action: 'customer.update',
  outcome: 'success',
};
const contact = {
  id: 9,
  channel: 'phone',
  summary: 'Asked about the new savings rate',
  at: '2026-03-02T08:00:00Z',
  loggedBy: 'ops@bank.sl',
  loggedAt: '2026-03-02T08:00:00Z',
};

describe('A customer’s audit history and contact log keep their page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '120' } }));
      if (path.startsWith('/admin/audit?')) return Promise.resolve([auditRow]);
      if (path.startsWith('/customers/12/contacts?')) return Promise.resolve([contact]);
      return Promise.reject(new Error('not in this test'));
    });
  });

  it('audit history: asks for the URL’s page, and a page change moves the URL', async () => {
    const { url } = renderAtUrl(<AuditTab customerId={12} />, '/customers/view/000012?tab=audit&page=2');
    await screen.findByRole('cell', { name: 'Updated a customer' });
    expect(lastQuery(get.mock.calls, '/admin/audit')).toMatchObject({ target: '12', page: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('/customers/view/000012?tab=audit&page=3');
    await waitFor(() => expect(lastQuery(get.mock.calls, '/admin/audit')).toMatchObject({ page: '3' }));
  });

  it('contact log: asks for the URL’s page, and a page change moves the URL', async () => {
    const { url } = renderAtUrl(
      <ContactLog customerId={12} preferred={null} />,
      '/customers/contact?customer=12&page=4',
    );
    await screen.findByText('Asked about the new savings rate');
    expect(lastQuery(get.mock.calls, '/customers/12/contacts')).toMatchObject({ page: '4' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(url()).toBe('/customers/contact?customer=12&page=3');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/customers/12/contacts')).toMatchObject({ page: '3' }),
    );
  });

  it('audit history names the action and the outcome in words, not codes', async () => {
    renderAtUrl(<AuditTab customerId={12} />, '/customers/view/000012?tab=audit');
    await screen.findByRole('cell', { name: 'Updated a customer' });
    expect(screen.getByRole('cell', { name: 'Succeeded' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'customer.update' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'success' })).toBeNull();
  });
});
