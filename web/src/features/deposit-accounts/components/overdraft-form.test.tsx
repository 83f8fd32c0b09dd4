import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/set-overdraft-limit', () => ({
  useSetOverdraftLimit: () => ({ mutate, isPending: false, error: null, data: undefined }),
}));
const { ApiError } = await import('@/lib/api-client');
const { OverdraftForm } = await import('./overdraft-form');

describe('<OverdraftForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it('asks for an expiry with a limit above zero, on the field, and sends nothing', async () => {
    render(<OverdraftForm number="SL0010000001" />);
    await userEvent.type(screen.getByLabelText('New overdraft limit'), '5000');
    await userEvent.type(screen.getByLabelText('Reason'), 'Payroll customer');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for this limit' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Limit expires on')).toHaveAccessibleDescription(
        'A limit above zero needs an expiry date',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it('puts a 400 detail on its field', async () => {
    mutate.mockImplementation((_body, { onError }: { onError: (e: Error) => void }) =>
      onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/expiresOn', message: 'must be after the business date' }],
        }),
      ),
    );
    render(<OverdraftForm number="SL0010000001" />);
    await userEvent.type(screen.getByLabelText('New overdraft limit'), '5000');
    await userEvent.type(screen.getByLabelText('Limit expires on'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('Reason'), 'Payroll customer');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for this limit' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { number: 'SL0010000001', limit: '5000', expiresOn: '2026-01-01', reason: 'Payroll customer' },
        expect.anything(),
      );
    });
    expect(await screen.findByText('must be after the business date')).toBeInTheDocument();
    expect(screen.getByLabelText('Limit expires on')).toHaveAttribute('aria-invalid', 'true');
  });
});
