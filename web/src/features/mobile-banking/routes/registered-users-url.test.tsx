import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const row = {
  cust_id: 42,
  cust_name: 'Kamara Fatmata',
  mobile_no: '+23276000042',
  pay_acct: '0010000004211',
  balance: '10.00',
  ledger: 'Mobile Wallet',
  status: 'Active',
  mb_sub: true,
};
const getPage = vi.fn(async () => ({ rows: [row], total: 95 }));
vi.mock('@/lib/get-page', () => ({ getPage }));
vi.mock('@/config/public-config', () => ({ publicConfig: { demoData: false } }));
const { RegisteredUsersRoute } = await import('./registered-users-route');
const { BranchProvider } = await import('@/lib/branch');

function Location() {
  const l = useLocation();
  return <output aria-label="location">{l.pathname + l.search}</output>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BranchProvider>
        <MemoryRouter initialEntries={[url]}>
          <RegisteredUsersRoute />
          <Location />
        </MemoryRouter>
      </BranchProvider>
    </QueryClientProvider>,
  );
}
const lastCall = () => getPage.mock.calls.at(-1) as unknown as [string, unknown, Record<string, unknown>];

describe('registered users: state in the URL', () => {
  it('restores search, sort and page from a shared link', async () => {
    renderAt('/solutions/mobile-admin/users?q=kam&sort=name&order=desc&page=3');
    await screen.findByText('Kamara Fatmata');
    expect(screen.getByRole('searchbox', { name: 'Search registered users' })).toHaveValue('kam');
    expect(lastCall()[2]).toMatchObject({ page: 2, params: { q: 'kam', sort: 'name', order: 'desc' } });
  });

  it('drops a search longer than the server takes instead of sending it', async () => {
    renderAt(`/solutions/mobile-admin/users?q=${'k'.repeat(101)}&sort=name`);
    await screen.findByText('Kamara Fatmata');
    expect(lastCall()[2]).toMatchObject({ page: 0, params: { q: '', sort: 'name' } });
    expect(screen.getByRole('searchbox', { name: 'Search registered users' })).toHaveValue('');
  });

  it('writes a new search to the URL and starts again at page one', async () => {
    renderAt('/solutions/mobile-admin/users?page=4');
    await screen.findByText('Kamara Fatmata');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search registered users' }), 'fat');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent ?? '').toBe(
        '/solutions/mobile-admin/users?q=fat',
      ),
    );
    await waitFor(() => expect(lastCall()[2]).toMatchObject({ page: 0, params: { q: 'fat' } }));
  });

  it("asks for the header's branch (the server checks the caller may see it)", async () => {
    localStorage.setItem('bankmanager-branch', '002');
    try {
      renderAt('/solutions/mobile-admin/users');
      await screen.findByText('Kamara Fatmata');
      expect(lastCall()[2]).toMatchObject({ params: { branch: '002' } });
    } finally {
      localStorage.removeItem('bankmanager-branch');
    }
  });

  it("asks for no branch when none is chosen (the caller's own scope)", async () => {
    renderAt('/solutions/mobile-admin/users');
    await screen.findByText('Kamara Fatmata');
    expect(lastCall()[2]).not.toHaveProperty('params.branch');
  });

  it('links the wallet account to Account Enquiry', async () => {
    renderAt('/solutions/mobile-admin/users');
    expect(await screen.findByRole('link', { name: '0010000004211' })).toHaveAttribute(
      'href',
      '/enquiries/account?account=0010000004211',
    );
  });
});
