import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { APPROVAL_TEXT, type Approval } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { ApprovalRow } from './approval-row';

// A pending withdrawal reads its holder's check (withdrawal-check.test.tsx); here it stays loading.
stubApiClient({ api: { get: () => new Promise(() => {}) } });
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

const approval: Approval = {
  id: 'a1',
  type: 'teller.withdrawal',
  subjectType: 'teller_transaction',
  subjectId: '7',
  command: {},
  before: null,
  after: null,
  makerId: 'u1',
  makerEmail: 'teller@bank.sl',
  branch: '001',
  amount: '25000.00',
  currency: 'SLE',
  status: 'pending',
  subjectVersion: null,
  businessDate: '2026-11-23',
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: '2026-11-24T00:00:00Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  reason: null,
};

function renderRow(onDecide = vi.fn()) {
  render(
    <table>
      <tbody>
        <ApprovalRow approval={approval} busy={false} onDecide={onDecide} />
      </tbody>
    </table>,
    { wrapper },
  );
  return onDecide;
}

const reasonInput = () => screen.getByLabelText('Reason for rejecting request a1');

describe('ApprovalRow: the reject reason', () => {
  it("shows the reject schema's message on the reason and rejects nothing without one", async () => {
    const onDecide = renderRow();
    const user = userEvent.setup();
    await user.type(reasonInput(), '   ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reasonInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(reasonInput()).toHaveAccessibleDescription(APPROVAL_TEXT.reasonRequired);
    expect(reasonInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('rejects with the trimmed reason and puts a 400 about the reason on the field', async () => {
    const onDecide = renderRow();
    const user = userEvent.setup();
    await user.type(reasonInput(), '  Duplicate request ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalled());
    expect(onDecide).toHaveBeenCalledWith(
      { id: 'a1', decision: 'reject', reason: 'Duplicate request' },
      expect.any(Function),
    );
    const refused = onDecide.mock.calls[0]![1] as (err: unknown) => boolean;
    const conflict = new ApiError('Already decided', 409, 'Conflict', { error: 'Already decided' });
    expect(refused(conflict)).toBe(false);
    let onField = false;
    act(() => {
      onField = refused(
        new ApiError('Invalid request', 400, 'Bad Request', {
          error: 'Invalid request',
          details: [{ path: 'reason', message: 'The reason may have at most 500 characters' }],
        }),
      );
    });
    expect(onField).toBe(true);
    expect(reasonInput()).toHaveAccessibleDescription('The reason may have at most 500 characters');
  });
});
