import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_TEXT, type CustomerListRow } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/merge-customers', () => ({
  useMergeCustomers: () => ({ mutate, isPending: false, isSuccess: false, error: null }),
}));
// Picking is the customer picker's business: here a button per customer stands in for it.
vi.mock('./picked-customer', () => ({
  PickedCustomer: ({ label, onChange }: { label: string; onChange: (r: CustomerListRow) => void }) => (
    <>
      {[7, 8].map((id) => (
        <button key={id} type="button" onClick={() => onChange({ id } as CustomerListRow)}>
          {`${label}: ${id}`}
        </button>
      ))}
    </>
  ),
}));
const { ApiError } = await import('@/lib/api-client');
const { MergeForm } = await import('./merge-form');

describe('<MergeForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("refuses one customer twice and a short reason with the contract's messages", async () => {
    render(<MergeForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Survivor: 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate to merge: 7' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Same person');
    await userEvent.click(screen.getByRole('button', { name: 'Send the merge for approval' }));
    expect(await screen.findByText(CUSTOMER_TEXT.mergeSelf)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Reason'));
    await userEvent.type(screen.getByLabelText('Reason'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Send the merge for approval' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(CUSTOMER_TEXT.reasonRequired);
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the two ids and puts a 400's detail on the reason", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/reason', message: 'Too long' }],
        }),
      ),
    );
    render(<MergeForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Survivor: 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate to merge: 8' }));
    await userEvent.type(screen.getByLabelText('Reason'), ' Same person ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the merge for approval' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { survivorId: 7, mergedId: 8, reason: 'Same person' },
        expect.anything(),
      );
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Too long');
    });
  });
});
