import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_REPAYMENT_TEXT, makeAccountNumber } from '@bankmanager/contracts';

const account = makeAccountNumber('101', 77);
const loan = {
  id: 7,
  accountNumber: account,
  customerName: 'Aminata Conteh',
  branch: '101',
  currency: 'SLE',
  status: 'Active',
  outstanding: '20000.00',
  nextDue: { dueDate: '2026-12-23', amount: '1891.19' },
  dueNow: '1891.19',
  arrears: '0.00',
  daysPastDue: 0,
  payoff: {
    loanId: 7,
    asOf: '2026-12-23',
    principal: '20000.00',
    interestDue: '400.00',
    interestAccrued: '0.00',
    accruedFrom: '2026-12-23',
    days: 0,
    fees: '0.00',
    penalties: '0.00',
    total: '20400.00',
  },
};
const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/loan-repayment', () => ({
  useCounterLoan: () => ({ data: loan, isError: false, isPending: false }),
  useCashLoanRepayment: () => ({ mutate, isPending: false, error: null }),
}));
const { LoanRepaymentForm } = await import('./loan-repayment-form');

// Typing at the counter is slow under a loaded test runner: each case gets room.
vi.setConfig({ testTimeout: 30_000 });

describe('<LoanRepaymentForm>', () => {
  beforeEach(() => mutate.mockReset());

  it('shows what is due, offers it as the amount, and posts the customer’s choice with a reference', async () => {
    render(<LoanRepaymentForm currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
    const card = screen.getByRole('region', { name: 'Loan at the counter' });
    expect(card).toHaveTextContent('Aminata Conteh');
    expect(card).toHaveTextContent('Due now');
    expect(card).toHaveTextContent('1,891.19');
    expect(card).toHaveTextContent('20,400.00');
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('1,891.19'));
    await userEvent.type(screen.getByLabelText('Paid by'), 'Fatmata Kamara');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Take repayment' }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          loanId: 7,
          amount: '1891.19',
          partyName: 'Fatmata Kamara',
          overpayment: 'prepay',
          reference: expect.stringMatching(/^LNR-/),
        }),
        expect.anything(),
      ),
    );
  });

  it('names who paid before posting anything', async () => {
    render(<LoanRepaymentForm currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('1,891.19'));
    await userEvent.click(screen.getByRole('button', { name: 'Take repayment' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Paid by')).toHaveAccessibleDescription('Please enter who paid'),
    );
    expect(mutate).not.toHaveBeenCalled();
  });

  it('before the next date, offers that instalment as the amount', async () => {
    const saved = loan.dueNow;
    loan.dueNow = '0.00';
    render(<LoanRepaymentForm currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('1,891.19'));
    loan.dueNow = saved;
  });

  it('refuses a loan in another currency than the till', () => {
    render(<LoanRepaymentForm currency="USD" onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText(LOAN_REPAYMENT_TEXT.wrongCurrency)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take repayment' })).toBeDisabled();
  });
});
