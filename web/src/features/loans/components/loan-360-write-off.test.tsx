import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVISION_TEXT, type LoanDetail } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  api: { get, post },
}));
const { Loan360 } = await import('./loan-360');

vi.setConfig({ testTimeout: 30_000 });

const LOAN: LoanDetail = {
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
  outstanding: '20000.00',
  rate: '24.0000',
  term: 12,
  disbursementDate: '2026-11-23',
  status: 'Active',
  amountFinanced: '20000.00',
  processingFee: '400.00',
  netDisbursed: '19600.00',
  interestMethod: 'emi',
  frequency: 'monthly',
  firstDueDate: '2026-12-23',
  repaymentAccount: '1010000000123',
  apr: '28.71',
  totalInterest: '2694.28',
  totalCostOfCredit: '3094.28',
  nextDue: { dueDate: '2026-12-23', amount: '1891.19' },
  daysPastDue: 0,
  arrears: '0.00',
  disbursedByEmail: 'officer@bank.sl',
  approvedByEmail: 'manager@bank.sl',
  schedule: [],
  guarantors: [],
  collateral: [],
  transactions: [],
  audit: [],
  pendingApprovals: [],
};

function renderWith(can: boolean | ((p?: string) => boolean)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <PermissionsContext.Provider
      value={{ me: null, can: (p?: string) => (typeof can === 'function' ? can(p) : can), reload: () => {} }}
    >
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Loan360 id={3} />
        </MemoryRouter>
      </QueryClientProvider>
    </PermissionsContext.Provider>,
  );
}

describe('the loan 360’s write-off', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('asks for a write-off with a reason; an empty reason is refused before the server is asked', async () => {
    get.mockResolvedValue(LOAN);
    post.mockResolvedValue({ loanId: 3, approvalId: 'ap-1', level: 'loan.write_off', principal: '20000.00' });
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to write off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason for the write-off'), 'No payment for a year');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(post).toHaveBeenCalledWith(
      '/loans/3/write-off',
      expect.objectContaining({ body: { reason: 'No payment for a year' } }),
    );
  });

  it('shows the server’s refusal of a loan that is not Loss', async () => {
    get.mockResolvedValue(LOAN);
    post.mockRejectedValue(
      new ApiError(PROVISION_TEXT.notLoss, 409, 'Conflict', {
        error: PROVISION_TEXT.notLoss,
        details: { code: 'not_loss' },
      }),
    );
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to write off' }));
    await userEvent.type(screen.getByLabelText('Reason for the write-off'), 'Gone');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROVISION_TEXT.notLoss);
  });

  it('offers no write-off without loans.provision; a written-off loan takes a recovery', async () => {
    get.mockResolvedValue({ ...LOAN, status: 'Written off', outstanding: '0.00' });
    renderWith((p) => p === 'loans.repay');
    expect(await screen.findByRole('button', { name: 'Record recovery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to write off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record repayment' })).toBeNull();
  });
});
