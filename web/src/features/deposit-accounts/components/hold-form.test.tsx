import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/holds', () => ({ usePlaceHold: () => ({ mutate, isPending: false, error: null }) }));
const { ApiError } = await import('@/lib/api-client');
const { HoldForm } = await import('./hold-form');

const refusedOnAmount = new ApiError('Bad request', 400, 'Bad Request', {
  error: 'Bad request',
  details: [{ path: '/amount', message: 'Above the available balance' }],
});

describe('<HoldForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's message on the field and sends nothing", async () => {
    render(<HoldForm number="SL0010000001" />);
    await userEvent.type(screen.getByLabelText('Hold amount'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Place hold' }));
    expect(await screen.findByText('must be greater than zero')).toBeInTheDocument();
    expect(screen.getByLabelText('Hold amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Hold reason')).toHaveAccessibleDescription('Please give a reason');
    expect(mutate).not.toHaveBeenCalled();
  });

  it('sends no expiry when none is given, and puts a 400 detail on its field', async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(refusedOnAmount),
    );
    render(<HoldForm number="SL0010000001" />);
    await userEvent.type(screen.getByLabelText('Hold amount'), '1200');
    await userEvent.type(screen.getByLabelText('Hold reason'), 'Court order');
    await userEvent.click(screen.getByRole('button', { name: 'Place hold' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { number: 'SL0010000001', amount: '1200', reason: 'Court order' },
        expect.anything(),
      );
    });
    expect(await screen.findByText('Above the available balance')).toBeInTheDocument();
    expect(screen.getByLabelText('Hold amount')).toHaveAttribute('aria-invalid', 'true');
  });
});
