import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanDetail, LoanInstalment, LoanSummary } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanManagerRoute } from './loan-manager-route';
import { ClosedLoansRoute } from './closed-loans-route';

const get = vi.fn();
stubApiClient({ api: { get } });

const SUMMARY: LoanSummary = {
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
  daysPastDue: 3,
  arrears: '1881.19',
};

const instalment = (n: number, state: LoanInstalment['state'], paid: string): LoanInstalment => ({
  instalmentNumber: n,
  dueDate: `2026-${String(11 + n).padStart(2, '0')}-23`.replace('2026-13', '2027-01'),
  principalDue: '1491.19',
  interestDue: '400.00',
  feeDue: '0.00',
  penaltyDue: '0.00',
  principalPaid: paid === '1891.19' ? '1491.19' : '0.00',
  interestPaid: paid === '1891.19' ? '400.00' : paid,
  feePaid: '0.00',
  penaltyPaid: '0.00',
  totalDue: '1891.19',
  totalPaid: paid,
  state,
});

const DETAIL: LoanDetail = {
  ...SUMMARY,
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
  nextDue: { dueDate: '2027-01-23', amount: '1881.19' },
  daysPastDue: 3,
  arrears: '1881.19',
  disbursedByEmail: 'officer@bank.sl',
  approvedByEmail: 'manager@bank.sl',
  schedule: [
    instalment(1, 'paid', '1891.19'),
    instalment(2, 'overdue', '10.00'),
    instalment(3, 'future', '0.00'),
  ],
  guarantors: [{ custId: 55, name: 'Mohamed Bangura', amount: '5000.00' }],
  collateral: [],
  transactions: [
    {
      transactionId: 1,
      postedAt: '2026-11-23T10:00:00.000Z',
      valueDate: '2026-11-23',
      description: 'Loan disbursement',
      reference: 'LOAN-DISB-7',
      side: 'debit',
      amount: '20000.00',
      balanceAfter: '-20000.00',
    },
  ],
  audit: [
    {
      at: '2026-11-23T10:00:00.000Z',
      action: 'loan_application.disburse',
      actorEmail: 'officer@bank.sl',
      outcome: 'success',
    },
  ],
  pendingApprovals: [],
};

function renderAt(url: string, closed = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {closed ? <ClosedLoansRoute /> : <LoanManagerRoute />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Loan Manager and Closed Loans', () => {
  beforeEach(() => get.mockReset());

  it('lists a page sorted by the server and opens a loan from its link', async () => {
    get.mockImplementation(async (_path: string, opts?: { onResponse?: (r: Response) => void }) => {
      opts?.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [SUMMARY];
    });
    renderAt('/accounts/loan/manager?branch=101');
    const link = await screen.findByRole('link', { name: 'Loan 3: Fatmata Kamara' });
    expect(within(link.closest('tr')!).getByText('18,508.81')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/loans\?.*sort=disbursed&order=desc&branch=101/),
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Outstanding' }));
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('sort=outstanding'), expect.anything());
  });

  it('Closed Loans asks only for Closed loans and offers no status filter', async () => {
    get.mockImplementation(async (_path: string, opts?: { onResponse?: (r: Response) => void }) => {
      opts?.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '0' } }));
      return [];
    });
    renderAt('/accounts/loan/closed', true);
    expect(await screen.findByText('No loans match.')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('status=Closed'), expect.anything());
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('the 360: header facts, the schedule’s states in words, tabs by keyboard', async () => {
    get.mockResolvedValue(DETAIL);
    renderAt('/accounts/loan/manager?id=3');
    expect(await screen.findByRole('heading', { name: 'Loan 3: Fatmata Kamara' })).toBeInTheDocument();
    expect(screen.getByText('3 days past due')).toBeInTheDocument();
    expect(screen.getByText('Le 1,881.19 on 23 Jan 2027', { exact: false })).toBeInTheDocument();
    const schedule = screen.getByRole('table', { name: 'Repayment schedule' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['paid', 'overdue', 'future']);
    expect(within(rows[1]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();

    // Arrow keys move between the tabs (Radix), so the tab list is one stop for the keyboard.
    await userEvent.click(screen.getByRole('tab', { name: 'Schedule' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('LOAN-DISB-7')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Mohamed Bangura')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('officer@bank.sl', { selector: 'td' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/loans/3', expect.anything());
  });
});
