import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STANDING_ORDER_TEXT, makeAccountNumber } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/change-order', () => ({
  createOrder: vi.fn(),
  useOrderChange: () => ({ mutate, isPending: false, error: null }),
}));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const { ApiError } = await import('@/lib/api-client');
const { RegisterForm } = await import('./register-form');

const payer = makeAccountNumber('001', 421);
const payee = makeAccountNumber('001', 422);

async function fill(end: string) {
  render(<RegisterForm businessDate="2026-03-02" />);
  await userEvent.type(screen.getByLabelText('From account'), payer);
  await userEvent.type(screen.getByLabelText('To account'), payee);
  await userEvent.type(screen.getByLabelText('Amount'), '250');
  await userEvent.type(screen.getByLabelText('Narration'), 'School fees');
  await userEvent.type(screen.getByLabelText('Last payment (optional)'), end);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('<RegisterForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's rule on the last payment and registers nothing", async () => {
    await fill('2026-01-31');
    await waitFor(() => {
      expect(screen.getByLabelText('Last payment (optional)')).toHaveAccessibleDescription(
        STANDING_ORDER_TEXT.endBeforeStart,
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the contract's body and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/start_date', message: STANDING_ORDER_TEXT.startInPast }],
        }),
      ),
    );
    await fill('2026-12-31');
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          from_account: payer,
          to_account: payee,
          amount: '250',
          frequency: 'monthly',
          start_date: '2026-03-02',
          end_date: '2026-12-31',
        }),
        expect.anything(),
      );
      expect(screen.getByLabelText('First payment')).toHaveAccessibleDescription(
        STANDING_ORDER_TEXT.startInPast,
      );
    });
  });
});
