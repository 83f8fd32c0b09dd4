import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_TEXT, type CustomerListRow } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/move-branch', () => ({
  useMoveBranch: () => ({ mutate, isPending: false, isSuccess: false, error: null }),
}));
// Picking is the customer picker's business: here a button stands in for it.
vi.mock('./picked-customer', () => ({
  PickedCustomer: ({ onChange }: { onChange: (r: CustomerListRow) => void }) => (
    <button type="button" onClick={() => onChange({ id: 42 } as CustomerListRow)}>
      Pick customer 42
    </button>
  ),
}));
const { ApiError } = await import('@/lib/api-client');
const { BranchMoveForm } = await import('./branch-move-form');

describe('<BranchMoveForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("asks for the customer, the branch and a reason by the contract's rules", async () => {
    render(<BranchMoveForm />);
    await userEvent.type(screen.getByLabelText('Reason'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Send the move for approval' }));
    expect(await screen.findByText('Choose a customer')).toBeInTheDocument();
    expect(screen.getByLabelText('New branch code')).toHaveAccessibleDescription('Enter the branch code');
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(CUSTOMER_TEXT.reasonRequired);
    expect(mutate).not.toHaveBeenCalled();
  });

  it("sends the move for the picked customer and puts a 400's detail on the reason", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/reason', message: 'Too long' }],
        }),
      ),
    );
    render(<BranchMoveForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Pick customer 42' }));
    await userEvent.type(screen.getByLabelText('New branch code'), '002');
    await userEvent.type(screen.getByLabelText('Reason'), 'Moved to Bo');
    await userEvent.click(screen.getByRole('button', { name: 'Send the move for approval' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { id: 42, body: { branch: '002', reason: 'Moved to Bo' } },
        expect.anything(),
      );
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Too long');
    });
  });
});
