import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { LOAN } from './loan-360.fixture';
import { Loan360 } from './loan-360';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

vi.setConfig({ testTimeout: 30_000 });

function renderWith(can: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <PermissionsContext.Provider value={{ me: null, can: () => can, reload: () => {} }}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Loan360 id={3} />
        </MemoryRouter>
      </QueryClientProvider>
    </PermissionsContext.Provider>,
  );
}

const REPAYMENT = {
  id: 1,
  loanId: 3,
  reference: 'LNR-x',
  channel: 'transfer',
  amount: '1891.19',
  principal: '1491.19',
  interest: '400.00',
  interestReceivable: '0.00',
  fee: '0.00',
  penalty: '0.00',
  prepayment: '0.00',
  overpayment: 'refuse',
  allocations: [],
  entryId: 9,
  valueDate: '2026-11-23',
  loanStatus: 'Active',
  outstanding: '18508.81',
};

describe('the loan 360’s repayment actions', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('records a repayment by transfer from the repayment account, for what is next due', async () => {
    get.mockResolvedValue(LOAN);
    post.mockResolvedValue(REPAYMENT);
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Record repayment' }));
    expect(screen.getByLabelText('From account')).toHaveValue('1010000000123');
    expect(screen.getByLabelText('Amount')).toHaveValue('1891.19');
    await userEvent.click(screen.getByRole('button', { name: 'Post repayment' }));
    expect(await screen.findByText(/Principal owed 18,508.81/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/loans/3/repayments',
      expect.objectContaining({
        body: expect.objectContaining({
          fromAccount: '1010000000123',
          amount: '1891.19',
          overpayment: 'refuse',
          reference: expect.stringMatching(/^LNR-/),
        }),
      }),
    );
  });

  it('shows the payoff quote for the business date', async () => {
    get.mockImplementation(async (path: string) =>
      path.includes('/payoff')
        ? {
            loanId: 3,
            asOf: '2026-12-03',
            principal: '20000.00',
            interestDue: '0.00',
            interestAccrued: '131.51',
            accruedFrom: '2026-11-23',
            days: 10,
            fees: '0.00',
            penalties: '0.00',
            total: '20131.51',
          }
        : LOAN,
    );
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Payoff quote' }));
    expect(await screen.findByText('20,131.51')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/loans/3/payoff', expect.anything());

    // Settling pays exactly the quote shown, from the repayment account unless another is named.
    post.mockResolvedValue({ ...REPAYMENT, amount: '20131.51', outstanding: '0.00', loanStatus: 'Closed' });
    await userEvent.click(screen.getByRole('button', { name: 'Settle for 20,131.51' }));
    expect(await screen.findByText(/the loan is Closed/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/loans/3/settle',
      expect.objectContaining({
        body: { fromAccount: '1010000000123', amount: '20131.51', reference: expect.stringMatching(/^LNS-/) },
      }),
    );
  });

  it('offers neither without loans.repay', async () => {
    get.mockResolvedValue(LOAN);
    renderWith(false);
    await screen.findByRole('heading', { name: 'Loan 3: Fatmata Kamara' });
    expect(screen.queryByRole('button', { name: 'Record repayment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Payoff quote' })).toBeNull();
  });
});
