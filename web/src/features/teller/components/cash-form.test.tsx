import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TELLER_TEXT, makeAccountNumber } from '@bankmanager/contracts';

const account = makeAccountNumber('001', 421);
const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/take-cash', () => ({ useTakeCash: () => ({ mutate, isPending: false, error: null }) }));
// The account as found at the counter; finding it is AccountLookup's business, not this form's.
vi.mock('../api/get-counter-account', () => ({
  useCounterAccount: () => ({
    data: { accountNumber: account, currency: 'SLE' },
    isError: false,
    isPending: false,
  }),
}));
vi.mock('./account-lookup', () => ({ AccountLookup: () => null }));
vi.mock('./account-card', () => ({ AccountCard: () => null }));
const { ApiError } = await import('@/lib/api-client');
const { CashForm } = await import('./cash-form');

describe('<CashForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's messages on the bearer's fields and the signature, and pays nothing", async () => {
    render(<CashForm kind="withdrawal" currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Amount'), '25000');
    await userEvent.click(screen.getByRole('button', { name: 'Pay withdrawal' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Bearer’s name')).toHaveAccessibleDescription(
        TELLER_TEXT.partyNameRequired,
      );
      expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription(TELLER_TEXT.partyIdRequired);
      expect(screen.getByText(TELLER_TEXT.signatureRequired)).toBeInTheDocument();
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("takes a deposit with the contract's body and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/partyIdNumber', message: 'At most 40 characters' }],
        }),
      ),
    );
    render(<CashForm kind="deposit" currency="SLE" onDone={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Amount'), '25000');
    await userEvent.type(screen.getByLabelText('Depositor’s name'), 'Fatmata Kamara');
    await userEvent.type(screen.getByLabelText('ID number'), 'SL-123');
    await userEvent.click(screen.getByRole('button', { name: 'Take deposit' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          kind: 'deposit',
          accountNumber: account,
          amount: '25000',
          partyName: 'Fatmata Kamara',
          partyIdNumber: 'SL-123',
        }),
        expect.anything(),
      );
      expect(mutate.mock.calls[0]![0]).not.toHaveProperty('signatureConfirmed');
      expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription('At most 40 characters');
    });
  });
});
