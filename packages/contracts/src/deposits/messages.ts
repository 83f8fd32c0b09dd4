/**
 * The deposit routes' refusals: every 409 carries `details.code` from this list and the screen shows
 * its text. The posting routes use the same codes (insufficient_available, debit_blocked) for holds and
 * blocks.
 */
export const ACCOUNT_REFUSAL_TEXT = {
  customer_not_active: 'Only an Active customer can open an account; this customer is not Active.',
  mandate_missing:
    'A joint or corporate customer needs its signing mandate on file before an account is opened.',
  product_currency_mismatch: 'This product is in another currency than the customer’s mandate.',
  product_not_open: 'This product is retired and opens no new accounts.',
  tenor_not_offered: 'This fixed deposit product does not offer that tenor.',
  transition_not_allowed: 'The account’s status does not allow this action.',
  account_has_holds: 'Release the holds on this account before closing it.',
  account_has_pending_approvals:
    'This account has requests waiting for approval; decide them before closing it.',
  hold_exceeds_available: 'The hold is larger than the available balance.',
  insufficient_available: 'The available balance (balance less holds, plus any overdraft) is too small.',
  debit_blocked: 'This account is blocked for debits.',
  account_blocked: 'This account is blocked: nothing may be posted to it.',
  account_not_active: 'This account is not active: it takes no postings.',
  overdraft_current_only: 'Only current accounts can have an overdraft limit.',
  overdraft_expiry_required: 'An overdraft limit above zero needs an expiry date after the business date.',
  payout_account_invalid:
    'The payout account must be another active account of the same customer and currency.',
  hold_not_active: 'This hold is already released or expired.',
} as const;
export type AccountRefusalCode = keyof typeof ACCOUNT_REFUSAL_TEXT;

/** The message of debit_blocked when the account is Dormant rather than blocked. */
export const DORMANT_DEBIT_TEXT =
  'This account is Dormant: debits are refused until a second person approves its reactivation.';
export const ACCOUNT_REFUSAL_CODES = Object.keys(ACCOUNT_REFUSAL_TEXT) as AccountRefusalCode[];
