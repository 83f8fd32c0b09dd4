import { describe, expect, it } from 'vitest';
import { approvalSubjectText, askTo, approvalChanges, approvalFieldLabel } from './approval-display.ts';
import { customerActionButtonLabel } from './customers/lifecycle.ts';
import { accountActionButtonLabel } from './deposits/lifecycle.ts';

describe('four-eyes wording', () => {
  it('a maker’s button asks for a four-eyes action and names a direct one plainly', () => {
    expect(askTo('Activate')).toBe('Ask to activate');
    expect(customerActionButtonLabel('activate')).toBe('Ask to activate');
    expect(customerActionButtonLabel('block')).toBe('Block (compliance hold)');
    expect(accountActionButtonLabel('unblock')).toBe('Ask to lift the block');
    expect(accountActionButtonLabel('block_debit')).toBe('Block debits');
  });

  it('names a subject by kind and name, and falls back to the kind and id', () => {
    expect(approvalSubjectText('staff', 'x', 'Aminata Conteh')).toBe('Staff member Aminata Conteh');
    expect(approvalSubjectText('eod_run', '1', '2026-11-30')).toBe('End of day for 30 Nov 2026');
    expect(approvalSubjectText('customer', '42', null)).toBe('Customer 000042');
    expect(approvalSubjectText('role', 'new', null)).toBe('New role');
  });

  it('labels fields from the list, else spells the key out', () => {
    expect(approvalFieldLabel('homeBranch')).toBe('Home branch');
    expect(approvalFieldLabel('maxCashWithdrawal')).toBe('Max cash withdrawal');
    expect(approvalChanges({ a: 1 }, { a: 2, b: [] })).toEqual([
      { key: 'a', label: 'A', before: '1', after: '2', changed: true },
      { key: 'b', label: 'B', before: '—', after: 'None', changed: true },
    ]);
  });
});
