import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const row = (id: string, status: string, entryId: string | null) => ({
  id,
  kind: 'deposit',
  status,
  reference: `REF-${id}`,
  entryId,
  accountNumber: '0011000000017',
  accountName: 'Aminata Kamara',
  amount: '25000.00',
  currency: 'SLE',
  ctrFlag: false,
  createdAt: '2026-11-24T10:00:00Z',
  postedAt: entryId ? '2026-11-24T10:00:01Z' : null,
});
const held = new Set<string>();
vi.mock('@/lib/get-page', () => ({
  getPage: vi.fn(async () => ({
    rows: [row('1', 'posted', '41'), row('2', 'pending_approval', null)],
    total: 2,
  })),
}));
vi.mock('@/lib/permissions', () => ({ usePermissions: () => ({ can: (p: string) => held.has(p) }) }));
const { SessionJournal } = await import('./session-journal');

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SessionJournal sessionId="s-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** A posting is reversed from the till's journal, by a holder of postings.reverse. */
describe('the till journal', () => {
  it('offers Reverse on a posted line to a holder of postings.reverse, with the reason form', async () => {
    held.add('postings.reverse');
    show();
    const reverse = await screen.findAllByRole('button', { name: /^Reverse/ });
    expect(reverse).toHaveLength(1); // the pending withdrawal has no entry yet
    await userEvent.click(reverse[0]!);
    expect(await screen.findByRole('dialog', { name: 'Reverse a posting' })).toHaveTextContent('REF-1');
    expect(screen.getByLabelText('Reason for the reversal')).toBeInTheDocument();
  });

  it('shows no Reverse to a teller without postings.reverse', async () => {
    held.clear();
    show();
    await screen.findByText('REF-1', { exact: false });
    expect(screen.queryByRole('button', { name: /^Reverse/ })).toBeNull();
  });
});
