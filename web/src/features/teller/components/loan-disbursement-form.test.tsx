import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_CASH_DISBURSEMENT_TEXT as T, type LoanCashDisbursement } from '@bankmanager/contracts';

const quote = {
  applicationId: 42,
  custId: 1234,
  customerName: 'Aminata Conteh',
  customerIdNumber: 'SL-ID-42',
  branch: '101',
  product: 'Salary Loan',
  currency: 'SLE' as const,
  gross: '20000.00',
  fees: '400.00',
  net: '19600.00',
  approvalId: 'a1',
  approvedByEmail: 'mgr@bank.sl',
  firstDueDate: null,
};
const { mutate, asked } = vi.hoisted(() => ({ mutate: vi.fn(), asked: { id: null as number | null } }));
vi.mock('../api/loan-disbursement', () => ({
  useCashDisbursementQuote: (id: number | null) => {
    asked.id = id;
    return { data: id === null ? undefined : quote, isError: false, isPending: id === null };
  },
  usePayCashDisbursement: () => ({ mutate, isPending: false, error: null }),
}));
// The photo and specimen signature load from the document store; the counter's layout is what is tested.
vi.mock('@/components/customer/holder-verification', () => ({
  HolderVerification: ({ customerId }: { customerId: number }) => <p>Specimen of {customerId}</p>,
}));
const { LoanDisbursementForm } = await import('./loan-disbursement-form');
const { LoanDisbursementReceipt } = await import('./loan-disbursement-receipt');

vi.setConfig({ testTimeout: 30_000 });

async function find(number = '42') {
  render(<LoanDisbursementForm currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
  await userEvent.type(screen.getByLabelText('Loan application number'), `${number}{Enter}`);
}

describe('<LoanDisbursementForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
    asked.id = null;
  });

  it('finds the approved payout by Enter, shows gross, fees, net and the specimen, and pays with a reference', async () => {
    await find();
    expect(asked.id).toBe(42);
    const card = screen.getByRole('region', { name: 'Loan to pay out' });
    expect(card).toHaveTextContent('Aminata Conteh');
    expect(card).toHaveTextContent('20,000.00');
    expect(card).toHaveTextContent('400.00');
    expect(card).toHaveTextContent('19,600.00');
    expect(card).toHaveTextContent('Specimen of 1234');
    // The borrower collects in person: their name and ID on file are offered.
    await waitFor(() => expect(screen.getByLabelText('Paid to')).toHaveValue('Aminata Conteh'));
    expect(screen.getByLabelText('ID number')).toHaveValue('SL-ID-42');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /Pay out/ }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          applicationId: 42,
          partyName: 'Aminata Conteh',
          partyIdNumber: 'SL-ID-42',
          identityConfirmed: true,
          reference: expect.stringMatching(/^LND-/),
        }),
        expect.anything(),
      ),
    );
  });

  it('pays nothing until the identity is confirmed', async () => {
    await find();
    await waitFor(() => expect(screen.getByLabelText('Paid to')).toHaveValue('Aminata Conteh'));
    await userEvent.click(screen.getByRole('button', { name: /Pay out/ }));
    expect(await screen.findByText(T.identityRequired)).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it('asks for a number before looking anything up', async () => {
    await find('abc');
    expect(screen.getByLabelText('Loan application number')).toHaveAccessibleDescription(
      expect.stringContaining(T.applicationNumber),
    );
    expect(asked.id).toBeNull();
  });

  it('refuses a loan in another currency than the till', async () => {
    render(<LoanDisbursementForm currency="USD" onDone={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Loan application number'), '42{Enter}');
    expect(screen.getByRole('button', { name: /Pay out/ })).toBeDisabled();
  });
});

describe('<LoanDisbursementReceipt>', () => {
  it('names the loan, customer, gross, fees, net, who received it, the teller and the branch', () => {
    const r: LoanCashDisbursement = {
      applicationId: 42,
      custId: 1234,
      customerName: 'Aminata Conteh',
      branch: '101',
      product: 'Salary Loan',
      currency: 'SLE',
      gross: '20000.00',
      fees: '400.00',
      net: '19600.00',
      loanId: 9,
      loanAccount: '1010000000099',
      reference: 'LND-1',
      entryId: '77',
      entryReference: 'LOAN-DISB-42',
      disbursementDate: '2026-11-29',
      firstDueDate: '2026-12-29',
      partyName: 'Aminata Conteh',
      partyIdNumber: 'SL-ID-42',
      tillCode: 'TILL-1',
      branchName: 'Freetown Main',
      tellerEmail: 'teller@bank.sl',
      postedAt: '2026-11-29T10:00:00.000Z',
    };
    render(<LoanDisbursementReceipt r={r} onHome={vi.fn()} />);
    const receipt = screen.getByRole('region', { name: 'Loan disbursement receipt' });
    for (const text of [
      '1010000000099',
      'Aminata Conteh (1234)',
      '20,000.00',
      '400.00',
      '19,600.00',
      'LOAN-DISB-42',
      'teller@bank.sl',
      'Freetown Main (101)',
    ])
      expect(receipt).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Receipt PDF' })).toBeInTheDocument();
  });
});
