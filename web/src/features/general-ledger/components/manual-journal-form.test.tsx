import { render, screen } from '@testing-library/react';
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

describe('manual journal form', () => {
  it('keeps Post disabled until every currency balances, then posts the lines', async () => {
    const onPost = vi.fn();
    const user = userEvent.setup();
    render(
      <ManualJournalForm
        accounts={accounts}
        errors={{ lines: {}, fields: {} }}
        pending={false}
        onPost={onPost}
      />,
    );
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
    expect(onPost).toHaveBeenCalledOnce();
    expect(onPost.mock.calls[0]![0].lines).toMatchObject([
      { gl_code: '1030', side: 'debit', amount: '100.50', currency: 'SLE' },
      { gl_code: '1900', side: 'credit', amount: '100.50', currency: 'SLE' },
    ]);
  });

  it('shows a server refusal on the line it names', () => {
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
    render(
      <ManualJournalForm
        accounts={accounts}
        errors={{ lines: { 1: 'amount: too many decimals' }, fields: {} }}
        pending={false}
        onPost={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('amount: too many decimals');
    const refused = new ApiError('GL account 1040 does not take manual journals', 409, 'Conflict', {
      error: 'x',
      details: { code: 'gl_account_not_postable', gl_code: '1030' },
    });
    expect(formErrorsFrom(refused, lines).lines).toEqual({
      7: 'GL account 1040 does not take manual journals',
    });
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
