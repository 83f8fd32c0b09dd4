import type { LedgerRefusalCode } from '@bankmanager/contracts';

/** A posting refused for a business reason: the routes answer 409 with `details.code`. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerRefusalCode | 'account_not_found' | 'entry_not_found' | 'invalid_amount',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/**
 * The entry's accountDayCap was reached: nothing was posted. Not a refusal of the posting itself: the
 * caller asked to post only within the cap, and decides what follows (a transfer asks a checker).
 */
export class OverDayCap extends Error {
  constructor() {
    super('The account has reached the daily total this posting was capped at');
    this.name = 'OverDayCap';
  }
}

/** The refusal each database pseudo-constraint means (migrations gl_invariants and ledger_invariants). */
export const CONSTRAINT_REFUSALS: Record<string, LedgerRefusalCode> = {
  accounts_balance_check: 'insufficient_funds',
  journal_entries_balanced: 'unbalanced',
  journal_entries_closed_date: 'closed_date',
  journal_entries_reversal_of_unique: 'already_reversed',
  gl_lines_postable: 'gl_account_not_postable',
  transactions_account_open: 'account_closed',
  // Deposits (migration account_numbers_holds_guards): lifecycle and available balance.
  transactions_account_active: 'account_not_active',
  transactions_account_blocked: 'account_blocked',
  transactions_debit_blocked: 'debit_blocked',
  // A Dormant account takes no staff-made debit until its four-eyes reactivation (insider controls).
  transactions_dormant_debit: 'debit_blocked',
  transactions_available: 'insufficient_available',
  // End of day (migration eod_functions): end of day's cut-off and closed accounting periods.
  journal_entries_day_closing: 'day_closing',
  journal_entries_closed_period: 'closed_period',
};
