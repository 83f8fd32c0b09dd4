import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApiClient } from '@/lib/testing/stubs';
import { WaitingWithdrawals } from './waiting-withdrawals';

const row = (id: string, status: string, amount: string) => ({
  id,
  kind: 'withdrawal',
  status,
  amount,
  currency: 'SLE',
  accountName: 'Aminata Kamara',
  accountNumber: '0011000000017',
  partyName: 'Aminata Kamara',
});
const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

const show = (onPaid = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <button type="button">elsewhere</button>
      <input aria-label="a field" />
      <WaitingWithdrawals onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return onPaid;
};

/** A on the counter pays the oldest approved withdrawal; never while typing, never one still waiting. */
describe('paying an approved withdrawal by key', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('pays the oldest approved withdrawal on A, once', async () => {
    get.mockResolvedValue([
      row('5', 'pending_approval', '90000.00'),
      row('6', 'approved', '70000.00'),
      row('7', 'approved', '80000.00'),
    ]);
    post.mockImplementation(async (url: string) => ({ ...row('6', 'posted', '70000.00'), url }));
    const onPaid = show();
    // A loaded machine may take a while to render the list: wait for it longer than the default second.
    expect(
      await screen.findByRole('button', { name: 'Pay Le 70,000.00 (A)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Le 80,000.00' })).toBeInTheDocument();
    await userEvent.keyboard('a');
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('/teller/withdrawals/6/pay');
  });

  it('does nothing on A while the teller types, or while nothing is approved', async () => {
    get.mockResolvedValue([row('6', 'approved', '70000.00')]);
    show();
    await screen.findByRole('button', { name: /Pay Le 70,000.00/ }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('a field'), 'a');
    expect(post).not.toHaveBeenCalled();
  });

  it('offers no A while the only withdrawal waits for a supervisor', async () => {
    get.mockResolvedValue([row('5', 'pending_approval', '90000.00')]);
    show();
    await screen.findByText('Waiting for a supervisor’s approval', undefined, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await userEvent.keyboard('a');
    expect(post).not.toHaveBeenCalled();
  });
});
