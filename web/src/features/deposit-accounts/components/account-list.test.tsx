import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccountNumber, type AccountRow } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { AccountList } from './account-list';
import { listScreenFor } from '../lib/screens';
import { AccountListRoute } from '../routes/account-list-route';

const get = vi.fn();
stubApiClient({ api: { get } });

const row = (serial: number): AccountRow => ({
  accountNumber: makeAccountNumber('001', serial),
  accountName: `Holder ${serial}`,
  custId: serial,
  productCode: 'SAV-SLE',
  productName: 'Savings',
  accountType: 'Savings',
  currency: 'SLE',
  status: 'Active',
  blockKind: null,
  branch: '001',
  openedOn: '2026-01-02',
  closedOn: null,
  balance: '1500.00',
  held: '0.00',
  overdraftLimit: '0.00',
  overdraftExpiresOn: null,
  available: '1500.00',
  overdrawnSince: null,
  maturityDate: null,
  tenorMonths: null,
});

type Opts = { onResponse?: (r: Response) => void };
/** The list answers 45 accounts; `pending` holds back the answer of a page to see the busy state. */
let pending: ((v: unknown) => void) | null = null;
function answer(path: string, opts: Opts) {
  if (!path.startsWith('/accounts?')) return Promise.resolve([]);
  opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '45' } }));
  const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
  const rows = [row(page * 100 + 1)];
  if (page === 3) return new Promise((resolve) => (pending = () => resolve(rows)));
  return Promise.resolve(rows);
}

function Where() {
  const l = useLocation();
  return <output aria-label="url">{`${l.pathname}${l.search}`}</output>;
}

function renderList(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const path = url.split('?')[0]!;
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AccountList screen={listScreenFor(path)!} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountList', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation(answer);
    pending = null;
  });

  it('reads filters and page from the URL and adds the screen’s fixed filters', async () => {
    renderList('/accounts/savings/manager?status=Active&page=2&sort=balance&order=desc');
    await screen.findByText('Holder 201');
    const listCall = get.mock.calls.find(([p]) => String(p).startsWith('/accounts?'))![0] as string;
    const q = new URLSearchParams(listCall.split('?')[1]);
    expect(Object.fromEntries(q)).toMatchObject({
      status: 'Active',
      type: 'Savings',
      sort: 'balance',
      order: 'desc',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('Active');
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('keeps the closed list to Closed accounts without a status filter', async () => {
    renderList('/accounts/current/closed');
    await screen.findByText('Holder 101');
    const listCall = get.mock.calls.find(([p]) => String(p).startsWith('/accounts?'))![0] as string;
    expect(listCall).toContain('status=Closed');
    expect(listCall).toContain('type=Current');
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('pages through the URL, and says the page is loading while the old rows stay', async () => {
    renderList('/accounts/savings/manager?page=2');
    await screen.findByText('Holder 201');
    expect(screen.getByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByLabelText('url')).toHaveTextContent('/accounts/savings/manager?page=3');
    // The previous page stays on screen, marked busy, its buttons still.
    await screen.findByText('Loading page 3…');
    expect(screen.getByText('Holder 201')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    pending!(undefined);
    await screen.findByText('Holder 301');
    expect(screen.getByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
  });

  it('sorting and filtering go back to page 1; a row opens the account in the URL', async () => {
    renderList('/accounts/savings/manager?page=2');
    await screen.findByText('Holder 201');
    await userEvent.click(screen.getByRole('button', { name: /Opened/ }));
    expect(screen.getByLabelText('url')).toHaveTextContent('/accounts/savings/manager?sort=opened&order=asc');
    await screen.findByText('Holder 101');
    await userEvent.click(screen.getByRole('button', { name: /^001 / }));
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(`account=${makeAccountNumber('001', 101)}`),
    );
  });

  it('drops hand-edited values the server would refuse and asks with the defaults instead', async () => {
    renderList('/accounts/savings/manager?status=Sleeping&sort=height&order=sideways&branch=1&page=nine');
    await screen.findByText('Holder 101');
    const listCall = get.mock.calls.find(([p]) => String(p).startsWith('/accounts?'))![0] as string;
    const q = Object.fromEntries(new URLSearchParams(listCall.split('?')[1]));
    expect(q).toMatchObject({ sort: 'number', order: 'asc', page: '1' });
    expect(q).not.toHaveProperty('status');
    expect(q).not.toHaveProperty('branch');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('shows the list, not an account, when the URL’s account is not an account number', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/accounts/savings/manager?account=12345']}>
          <AccountListRoute screen={listScreenFor('/accounts/savings/manager')!} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Holder 101');
    expect(screen.queryByRole('button', { name: 'Back to the list' })).toBeNull();
    expect(get.mock.calls.some(([p]) => String(p).includes('12345'))).toBe(false);
  });
});
