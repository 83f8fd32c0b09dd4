import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { CustomerLoans } from './customer-loans';

const get = vi.fn();
stubApiClient({ api: { get } });

const renderWith = (permissions: Permission[]) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        <MemoryRouter>
          <CustomerLoans customerId={42} name="Fatmata Kamara" />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );

describe('<CustomerLoans>', () => {
  beforeEach(() => get.mockReset());

  it('lists the customer’s loans with what each still owes and its arrears, each opening the loan 360', async () => {
    get.mockImplementation(async (_p: string, opts?: { onResponse?: (r: Response) => void }) => {
      opts?.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [
        {
          id: 3,
          applicationId: 7,
          accountNumber: '1010000000456',
          custId: 42,
          customerName: 'Fatmata Kamara',
          branch: '101',
          productCode: 'SAL-SLE',
          productName: 'Salary Loan',
          productVersion: 1,
          currency: 'SLE',
          amount: '20000.00',
          outstanding: '18508.81',
          rate: '24.0000',
          term: 12,
          disbursementDate: '2026-11-23',
          status: 'Active',
          daysPastDue: 12,
          arrears: '1891.19',
        },
      ];
    });
    renderWith(['loans.read']);
    const link = await screen.findByRole('link', { name: '1010000000456' });
    expect(link).toHaveAttribute('href', '/accounts/loan/manager?id=3');
    expect(screen.getByText(/18,508\.81/)).toBeInTheDocument();
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent(/1,891\.19/);
    expect(screen.getByRole('columnheader', { name: 'Days past due' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Overdue' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(expect.stringMatching(/\/loans\?.*custId=42/), expect.anything());
  });

  it('asks nothing and shows nothing without loans.read', () => {
    const { container } = renderWith([]);
    expect(container).toBeEmptyDOMElement();
    expect(get).not.toHaveBeenCalled();
  });
});
