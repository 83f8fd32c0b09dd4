import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FOREIGN_CURRENCIES, FX_TEXT } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/set-rate', () => ({ useSetRate: () => ({ mutate, isPending: false, error: null }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const { ApiError } = await import('@/lib/api-client');
const { RateForm } = await import('./rate-form');

async function enter(buy: string, mid: string, sell: string) {
  render(<RateForm businessDate="2026-03-02" />);
  await userEvent.type(screen.getByLabelText('Buy'), buy);
  await userEvent.type(screen.getByLabelText('Mid'), mid);
  await userEvent.type(screen.getByLabelText('Sell'), sell);
  await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
}

describe('<RateForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's order rule on the mid rate and saves nothing", async () => {
    await enter('23', '22.5', '23.5');
    await waitFor(() => {
      expect(screen.getByLabelText('Mid')).toHaveAccessibleDescription(FX_TEXT.order);
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the rates for the chosen currency and date, and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/sell', message: FX_TEXT.rateShape }],
        }),
      ),
    );
    await enter('22.5', '22.75', '23');
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        {
          currency: FOREIGN_CURRENCIES[0],
          date: '2026-03-02',
          body: { buy: '22.5', mid: '22.75', sell: '23' },
        },
        expect.anything(),
      );
      expect(screen.getByLabelText('Sell')).toHaveAccessibleDescription(FX_TEXT.rateShape);
    });
  });
});
