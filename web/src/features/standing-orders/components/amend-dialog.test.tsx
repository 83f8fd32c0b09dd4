import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STANDING_ORDER_TEXT, type StandingOrder } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/change-order', () => ({
  amendOrder: vi.fn(),
  cancelOrder: vi.fn(),
  useOrderChange: () => ({ mutate, isPending: false, error: null }),
}));
const { ApiError } = await import('@/lib/api-client');
const { AmendDialog } = await import('./amend-dialog');

const order = {
  id: '7',
  amount: '250.00',
  narration: 'School fees',
  frequency: 'monthly',
  next_date: '2026-04-01',
  end_date: null,
  version: 3,
  from_holder: 'Aminata Sesay',
  to_holder: 'Bo School',
  currency: 'SLE',
} as StandingOrder;

describe('<AmendDialog>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's message on the amount and amends nothing", async () => {
    render(<AmendDialog order={order} mode="amend" onClose={vi.fn()} />);
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the amendment' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
        'must be a positive amount with at most 2 decimals',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the amendment with the version read and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/next_date', message: STANDING_ORDER_TEXT.nextOutside }],
        }),
      ),
    );
    render(<AmendDialog order={order} mode="amend" onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save the amendment' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        {
          amount: '250.00',
          narration: 'School fees',
          frequency: 'monthly',
          end_date: null,
          next_date: '2026-04-01',
          version: 3,
        },
        expect.anything(),
      );
      expect(screen.getByLabelText('Next payment')).toHaveAccessibleDescription(
        STANDING_ORDER_TEXT.nextOutside,
      );
    });
  });

  it('asks for a reason before cancelling, then sends it with the version', async () => {
    render(<AmendDialog order={order} mode="cancel" onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason');
      expect(mutate).not.toHaveBeenCalled();
    });
    await userEvent.type(screen.getByLabelText('Reason'), ' Customer asked ');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith({ reason: 'Customer asked', version: 3 }, expect.anything());
    });
  });
});
