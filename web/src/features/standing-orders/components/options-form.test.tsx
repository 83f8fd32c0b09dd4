import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StandingOrderOptions } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/options', () => ({ useSaveOptions: () => ({ mutate, isPending: false, error: null }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const { ApiError } = await import('@/lib/api-client');
const { OptionsForm } = await import('./options-form');

const options = {
  retry_days: 2,
  failure_fee_sle: '25.00',
  failure_fee_usd: null,
  version: 4,
  updated_by: null,
} as StandingOrderOptions;

describe('<OptionsForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's message on a fee and saves nothing", async () => {
    render(<OptionsForm options={options} />);
    await userEvent.type(screen.getByLabelText('Failure fee, dollar orders (empty: none)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save the run rules' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Failure fee, dollar orders (empty: none)')).toHaveAccessibleDescription(
        'must be greater than zero',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the rules (an empty fee is none) and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/failure_fee_sle', message: 'Too large' }],
        }),
      ),
    );
    render(<OptionsForm options={options} />);
    await userEvent.selectOptions(screen.getByLabelText('Retry a failed payment for'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save the run rules' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { retry_days: 3, failure_fee_sle: '25.00', failure_fee_usd: null, version: 4 },
        expect.anything(),
      );
      expect(screen.getByLabelText('Failure fee, Leone orders (empty: none)')).toHaveAccessibleDescription(
        'Too large',
      );
    });
  });
});
