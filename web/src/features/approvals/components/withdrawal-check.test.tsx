import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Approval, WithdrawalCheck } from '@bankmanager/contracts';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { ApprovalSubject } from './approval-subject';

const check: WithdrawalCheck = {
  transactionId: '7',
  status: 'pending_approval',
  customerId: 42,
  accountNumber: '0010000001234',
  accountName: 'Aminata Sesay',
  currency: 'SLE',
  amount: '60000.00',
  available: '90000.00',
};
const customer = {
  documents: [
    { id: 'p1', kind: 'photo', contentType: 'image/png', current: true },
    { id: 's1', kind: 'signature', contentType: 'image/png', current: true },
  ],
};
const get = vi.fn(async (path: string) => (path.startsWith('/teller/') ? check : customer));
const apiBlob = vi.fn(async (path: string) => new Blob([path]));
// The fixture is partial: the stubbed get hands it over without the 360 schema.
stubApiClient({ api: { get }, apiBlob });
stubFunctions(URL, { createObjectURL: (b: Blob) => `blob:${b.size}`, revokeObjectURL: () => {} });

const withdrawal = (status: Approval['status']) =>
  ({
    id: 'a1',
    type: 'teller.withdrawal',
    subjectType: 'teller_transaction',
    subjectId: '7',
    command: {},
    before: null,
    after: { account: '0010000001234', holder: 'Aminata Sesay', bearer: 'Aminata Sesay', till: 'TILL-1' },
    status,
  }) as unknown as Approval;

const show = (a: Approval) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ApprovalSubject approval={a} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a withdrawal in the approvals inbox', () => {
  it("shows the checker the holder's photo, specimen signature and the available balance", async () => {
    show(withdrawal('pending'));
    expect(await screen.findByTestId('withdrawal-available')).toHaveTextContent('Le 90,000.00');
    expect(await screen.findByRole('img', { name: 'Holder photo' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Specimen signature' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/teller/withdrawals/7/check', expect.anything());
    expect(get).toHaveBeenCalledWith('/customers/42/360', expect.anything());
  });

  it('reads nothing more for a withdrawal already decided', () => {
    get.mockClear();
    show(withdrawal('approved'));
    expect(screen.getByText('TILL-1')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawal-available')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
