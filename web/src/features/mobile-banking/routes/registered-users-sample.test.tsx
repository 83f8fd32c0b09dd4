import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The server is unreachable on a demo server: the screen falls back to the sample file.
let serverUp = false;
const getPage = vi.fn(async () => {
  if (!serverUp) throw new TypeError('Failed to fetch');
  return {
    rows: [
      {
        cust_id: 42,
        cust_name: 'Real Customer',
        mobile_no: '+23276000042',
        pay_acct: '0010000042',
        balance: '10.00',
        ledger: 'Mobile Wallet',
        status: 'Active',
        mb_sub: true,
      },
    ],
    total: 1,
  };
});
vi.mock('@/lib/get-page', () => ({ getPage }));
vi.mock('@/config/public-config', () => ({ publicConfig: { demoData: true } }));
const { RegisteredUsersRoute } = await import('./registered-users-route');

describe('RegisteredUsersRoute with the server unreachable', () => {
  it('marks sample rows, keeps them read-only and offers Retry', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RegisteredUsersRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const banner = await screen.findByText(/Showing sample data/);
    expect(banner.textContent).toContain('cannot be edited');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    await userEvent.click(rows[0]!);
    expect(rows[0]!.getAttribute('aria-selected')).toBeNull();
    expect(rows[0]!.getAttribute('tabindex')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Subscription' })).toBeNull();

    serverUp = true;
    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Real Customer');
    expect(screen.queryByText(/Showing sample data/)).toBeNull();
    await userEvent.click(screen.getByText('Real Customer'));
    await screen.findByRole('button', { name: 'Edit Subscription' });
  });
});
