import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/open-session', () => ({
  useOpenSession: () => ({ mutate, reset: vi.fn(), isPending: false, error: null }),
}));
const { ApiError } = await import('@/lib/api-client');
const { OpenSessionForm } = await import('./open-session-form');

describe('<OpenSessionForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("shows the contract's message on the till code and opens nothing", async () => {
    render(<OpenSessionForm branch="001" />);
    const till = screen.getByLabelText('Till');
    await userEvent.clear(till);
    await userEvent.type(till, 'till one');
    await userEvent.click(screen.getByRole('button', { name: /Open till with/ }));
    await waitFor(() => {
      expect(till).toHaveAccessibleDescription(
        'A till code such as TILL-1 (letters, digits and "-", up to 12)',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the contract's body and puts a 400's detail on the allocation", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/allocation/total', message: 'The vault holds less than this' }],
        }),
      ),
    );
    render(<OpenSessionForm branch="001" />);
    await userEvent.clear(screen.getByLabelText('Till'));
    await userEvent.type(screen.getByLabelText('Till'), 'till-2');
    await userEvent.click(screen.getByRole('button', { name: /Open till with/ }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          tillCode: 'TILL-2',
          currency: 'SLE',
          branch: '001',
          allocation: { total: '0', denominations: {} },
        }),
        expect.anything(),
      );
    });
    expect(await screen.findByText('The vault holds less than this')).toBeInTheDocument();
    expect(screen.getByLabelText('Allocation')).toHaveAttribute('aria-invalid', 'true');
  });
});
