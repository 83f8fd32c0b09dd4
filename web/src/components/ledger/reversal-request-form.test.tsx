import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('./request-reversal', () => ({
  useRequestReversal: () => ({ mutate, isPending: false, isSuccess: false, error: null }),
}));
const { ApiError } = await import('@/lib/api-client');
const { ReversalRequestForm } = await import('./reversal-request-form');

const renderForm = () =>
  render(
    <MemoryRouter>
      <ReversalRequestForm entryId="JE-9" />
    </MemoryRouter>,
  );

describe('<ReversalRequestForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("asks for a reason with the contract's message and sends nothing", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Reason for the reversal'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to reverse entry JE-9' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reason for the reversal')).toHaveAccessibleDescription(
        'Please give the reason for the reversal',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the trimmed reason with one reference and puts a 400's detail on it", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/reason', message: 'The reason may have at most 200 characters' }],
        }),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Reason for the reversal'), ' Posted twice ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to reverse entry JE-9' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { reason: 'Posted twice', reference: expect.stringMatching(/^REV/) },
        expect.anything(),
      );
      expect(screen.getByLabelText('Reason for the reversal')).toHaveAccessibleDescription(
        'The reason may have at most 200 characters',
      );
    });
  });
});
