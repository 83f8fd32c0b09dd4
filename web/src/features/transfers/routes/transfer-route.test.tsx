import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccountNumber } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/post-transfer', () => ({
  usePostTransfer: () => ({ mutate, reset: vi.fn(), isPending: false, error: null }),
}));
vi.mock('../api/get-quote', () => ({
  useQuote: () => ({ data: undefined, isError: false, isFetching: false }),
}));
vi.mock('@/lib/permissions', () => ({ usePermissions: () => ({ can: () => true }) }));
const { ApiError } = await import('@/lib/api-client');
const { TransferRoute } = await import('./transfer-route');

const payer = makeAccountNumber('001', 421);
const payee = makeAccountNumber('001', 422);

async function fill(amount: string, narration: string) {
  render(
    <MemoryRouter>
      <TransferRoute />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('From account'), payer);
  await userEvent.type(screen.getByLabelText('To account'), payee);
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  if (narration) await userEvent.type(screen.getByLabelText('Narration'), narration);
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
}

describe('<TransferRoute>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's messages on their fields and posts nothing", async () => {
    await fill('12.345', '');
    await waitFor(() => {
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
        'must be a positive amount with at most 2 decimals',
      );
      expect(screen.getByLabelText('Narration')).toHaveAccessibleDescription('Please enter a narration');
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("posts the contract's body and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/to_account', message: 'The payee account is closed' }],
        }),
      ),
    );
    await fill('1,200.50', 'Rent');
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          from_account: payer,
          to_account: payee,
          amount: '1200.50',
          narration: 'Rent',
        }),
        expect.anything(),
      );
      expect(mutate.mock.calls[0]![0]).not.toHaveProperty('rate');
    });
    expect(await screen.findByText('The payee account is closed')).toBeInTheDocument();
    expect(screen.getByLabelText('To account')).toHaveAttribute('aria-invalid', 'true');
  });
});
