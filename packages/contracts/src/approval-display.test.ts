import { describe, expect, it } from 'vitest';
import { approvalSubjectText, askTo, approvalChanges, approvalFieldLabel } from './approval-display.ts';
import { customerActionButtonLabel } from './customers/lifecycle.ts';
import { loanClassChangeFields } from './lending/loan-grading.ts';
import type { LoanClass } from './lending/loan-book.ts';
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
    expect(approvalSubjectText('loan_provision_run', '3', '2026-11-30')).toBe(
      'Provisioning run for 30 Nov 2026',
    );
    expect(approvalSubjectText('loan', '12', '0010000004567 (Aminata Conteh)')).toBe(
      'Loan 0010000004567 (Aminata Conteh)',
    );
    expect(approvalSubjectText('loan_write_off', '12', null)).toBe('Write-off of loan 12');
    expect(approvalSubjectText('loan_classes', 'buckets', null)).toBe('Loan classification buckets');
    expect(approvalSubjectText('loan_provision_rates', 'rates', null)).toBe('Loan loss provision rates');
  });

  it('shows a change of the class buckets as one labelled row per class', () => {
    const bucket = (code: LoanClass, minDpd: number, maxDpd: number | null, performing = true) => ({
      code,
      minDpd,
      maxDpd,
      performing,
    });
    const before = loanClassChangeFields({
      buckets: [
        bucket('current', 0, 30),
        bucket('olem', 31, 90),
        bucket('substandard', 91, 180, false),
        bucket('doubtful', 181, 365, false),
        bucket('loss', 366, null, false),
      ],
      curePayments: 3,
    });
    const rows = approvalChanges(before, { ...before, current: '0–14 days past due, performing' });
    expect(rows.map((r) => [r.label, r.before, r.changed])).toEqual([
      ['Current', '0–30 days past due, performing', true],
      ['OLEM', '31–90 days past due, performing', false],
      ['Substandard', '91–180 days past due, non-performing', false],
      ['Doubtful', '181–365 days past due, non-performing', false],
      ['Loss', '366 days past due or more, non-performing', false],
      ['On-time payments to cure', '3', false],
    ]);
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
