import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GlAccount } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { ManualJournalForm } from './manual-journal-form';
import { formErrorsFrom } from './server-errors';

const account = (code: string, name: string, currency: GlAccount['currency']): GlAccount => ({
  code,
  name,
  kind: 'account',
  parent_code: '10',
  class: 'asset',
  currency,
  normal_side: 'debit',
  status: 'active',
  manual_posting: true,
  is_control: false,
  branch_code: null,
  balances: [],
});
const accounts = [
  account('1030', 'Balances with Bank of Sierra Leone', 'SLE'),
  account('1900', 'Suspense account', 'both'),
];

async function fillBalanced(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Narration'), 'Fund the BSL account');
  await user.selectOptions(screen.getByLabelText('Line 1 account'), '1030');
  await user.type(screen.getByLabelText('Line 1 amount'), '10');
  await user.selectOptions(screen.getByLabelText('Line 2 account'), '1900');
  await user.type(screen.getByLabelText('Line 2 amount'), '10');
}

describe('manual journal form', () => {
  it('keeps Post disabled until every currency balances, then posts the lines', async () => {
    const onPost = vi.fn();
    const user = userEvent.setup();
    render(<ManualJournalForm accounts={accounts} pending={false} onPost={onPost} />);
    const post = screen.getByRole('button', { name: 'Post' });
    await user.type(screen.getByLabelText('Narration'), 'Fund the BSL account');
    await user.selectOptions(screen.getByLabelText('Line 1 account'), '1030');
    await user.type(screen.getByLabelText('Line 1 amount'), '100.50');
    await user.selectOptions(screen.getByLabelText('Line 2 account'), '1900');
    await user.type(screen.getByLabelText('Line 2 amount'), '100');
    expect(post).toBeDisabled();
    expect(screen.getByText('Not balanced')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Line 2 amount'), '.50');
    expect(screen.getByText('Balanced')).toBeInTheDocument();
    expect(post).toBeEnabled();
    await user.click(post);
    await waitFor(() => expect(onPost).toHaveBeenCalled());
    expect(onPost).toHaveBeenCalledOnce();
    expect(onPost.mock.calls[0]![0].lines).toEqual([
      { gl_code: '1030', side: 'debit', amount: '100.50', currency: 'SLE' },
      { gl_code: '1900', side: 'credit', amount: '100.50', currency: 'SLE' },
    ]);
  });

  it('maps a server refusal to the line it names', () => {
    const lines = [
      { key: 7, gl_code: '1030', side: 'debit' as const, amount: '1', currency: 'SLE' as const },
      { key: 8, gl_code: '1900', side: 'credit' as const, amount: '1.005', currency: 'SLE' as const },
    ];
    const bad = new ApiError('Invalid request', 400, 'Bad Request', {
      error: 'Invalid request',
      details: [{ path: '/lines/1/amount', message: 'must be a positive amount with at most 2 decimals' }],
    });
    const errors = formErrorsFrom(bad, lines);
    expect(errors.lines).toEqual({ 8: 'amount: must be a positive amount with at most 2 decimals' });
    const refused = new ApiError('GL account 1040 does not take manual journals', 409, 'Conflict', {
      error: 'x',
      details: { code: 'gl_account_not_postable', gl_code: '1030' },
    });
    expect(formErrorsFrom(refused, lines).lines).toEqual({
      7: 'GL account 1040 does not take manual journals',
    });
  });

  it("shows the contract's message on the field it is about, and posts nothing", async () => {
    const onPost = vi.fn();
    const user = userEvent.setup();
    render(<ManualJournalForm accounts={accounts} pending={false} onPost={onPost} />);
    await fillBalanced(user);
    await user.clear(screen.getByLabelText('Reference'));
    await user.type(screen.getByLabelText('Reference'), 'MJ 1');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByLabelText('Reference')).toHaveAccessibleDescription(
      expect.stringContaining('The reference may use only letters, digits, "-" and "_" (1 to 40 characters)'),
    );
    expect(onPost).not.toHaveBeenCalled();
  });

  it('puts a 400 naming a line by index, and a 409 naming a GL code, on that line', async () => {
    const onPost = vi.fn();
    const user = userEvent.setup();
    render(<ManualJournalForm accounts={accounts} pending={false} onPost={onPost} />);
    await fillBalanced(user);
    // A third line takes the first one's place: the server's index 1 is now that line, shown as "Line 2".
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(screen.getByLabelText('Line 3 account'), '1030');
    await user.selectOptions(screen.getByLabelText('Line 3 side'), 'debit');
    await user.type(screen.getByLabelText('Line 3 amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(onPost.mock.calls[0]![0].lines).toEqual([
      { gl_code: '1900', side: 'credit', amount: '10', currency: 'SLE' },
      { gl_code: '1030', side: 'debit', amount: '10', currency: 'SLE' },
    ]);
    const [, refused] = onPost.mock.calls[0]! as [unknown, (err: unknown) => void];
    act(() =>
      refused(
        new ApiError('Invalid request', 400, 'Bad Request', {
          error: 'Invalid request',
          details: [{ path: '/lines/1/amount', message: 'must be greater than zero' }],
        }),
      ),
    );
    expect(screen.getByLabelText('Line 2 amount')).toHaveAccessibleDescription(
      'amount: must be greater than zero',
    );
    expect(screen.getByLabelText('Line 1 amount')).not.toHaveAttribute('aria-invalid');
    act(() =>
      refused(
        new ApiError('GL account 1030 does not take manual journals', 409, 'Conflict', {
          error: 'x',
          details: { code: 'gl_account_not_postable', gl_code: '1030' },
        }),
      ),
    );
    expect(screen.getByLabelText('Line 2 amount')).toHaveAccessibleDescription(
      'GL account 1030 does not take manual journals',
    );
    expect(screen.getByLabelText('Line 2 amount')).toHaveAttribute('id', 'mj-line-3-amount');
  });

  it('says a refusal that names no line under the form', async () => {
    const onPost = vi.fn();
    const user = userEvent.setup();
    render(<ManualJournalForm accounts={accounts} pending={false} onPost={onPost} />);
    await fillBalanced(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onPost).toHaveBeenCalled());
    const [, refused] = onPost.mock.calls[0]! as [unknown, (err: unknown) => void];
    act(() => refused(new ApiError('The business day is closed', 409, 'Conflict', { error: 'x' })));
    expect(screen.getByRole('alert')).toHaveTextContent('The business day is closed');
  });
});

describe('formErrorsFrom', () => {
  it('puts a refusal that names a GL account in its message on that line', () => {
    const lines = [
      { key: 1, gl_code: '1040', side: 'debit' as const, amount: '5', currency: 'SLE' as const },
      { key: 2, gl_code: '1900', side: 'credit' as const, amount: '5', currency: 'SLE' as const },
    ];
    const err = new ApiError('GL account 1040 keeps USD only, not SLE', 409, 'Conflict', {
      error: 'GL account 1040 keeps USD only, not SLE',
      details: { code: 'currency_mismatch' },
    });
    expect(formErrorsFrom(err, lines)).toEqual({
      lines: { 1: 'GL account 1040 keeps USD only, not SLE' },
      fields: {},
    });
  });
});
