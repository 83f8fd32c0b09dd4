import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TellerTransaction } from '@bankmanager/contracts';
import { Receipt } from './receipt';

const t: TellerTransaction = {
  id: '7',
  reference: 'TLR-7',
  kind: 'deposit',
  status: 'posted',
  sessionId: '3',
  branch: '010',
  branchName: 'Bo Main',
  tellerEmail: 'bo.teller@bankmanager.sl',
  tellerName: 'Alimamy Teller Sesay',
  accountNumber: '0100000800440',
  accountName: 'Hawa Sesay',
  currency: 'SLE',
  amount: '1500.00',
  amountInWords: 'One thousand five hundred Leones',
  partyName: 'Hawa Sesay',
  partyIdNumber: 'NIN-1',
  narration: 'Market takings',
  signatureConfirmed: true,
  ctrFlag: false,
  approvalId: null,
  entryId: '99',
  entryReference: 'TLR-7',
  businessDate: '2026-12-31',
  createdAt: '2027-01-02T09:15:00Z',
  postedAt: '2027-01-02T09:15:00Z',
};

describe('<Receipt>', () => {
  it("shows the teller's name, the branch, the narration and the business date, as the PDF does", () => {
    render(<Receipt t={t} />);
    const receipt = screen.getByRole('region', { name: 'Cash deposit receipt' });
    expect(receipt).toHaveTextContent('Teller: Alimamy Teller Sesay');
    expect(receipt).toHaveTextContent('Bo Main (010)');
    expect(receipt).toHaveTextContent('Narration: Market takings');
    // Booked on the business date, whatever day the counter's clock said.
    expect(receipt).toHaveTextContent('Business date: 31 Dec 2026');
  });

  it('names the teller the server names, whoever is signed in, and leaves out an empty narration', () => {
    render(
      <Receipt
        t={{ ...t, tellerName: 'Isatu Kargbo', branchName: 'Makeni', branch: '020', narration: '' }}
      />,
    );
    const receipt = screen.getByRole('region', { name: 'Cash deposit receipt' });
    expect(receipt).toHaveTextContent('Teller: Isatu Kargbo');
    expect(receipt).toHaveTextContent('Makeni (020)');
    expect(receipt).not.toHaveTextContent('Narration');
  });
});
