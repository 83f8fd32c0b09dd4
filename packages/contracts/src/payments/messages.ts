/**
 * Payments' refusals: each 409 carries `details.code` from this list, and the screens show
 * its text. The ledger's own codes (insufficient_funds, already_reversed…) stay in gl.ts.
 */
export const PAYMENT_REFUSAL_TEXT = {
  no_rate: 'No exchange rate has been entered for the business date.',
  rate_mismatch: 'The rate differs from the day’s rate; only Treasury may transfer at another rate.',
  reversal_of_reversal: 'This entry is itself a reversal; it cannot be reversed. Post a new entry instead.',
  already_reversed: 'This entry has already been reversed.',
  reversal_pending: 'A reversal of this entry is already waiting for approval.',
  batch_not_draft: 'This batch is no longer a draft: it was submitted or posted.',
  batch_has_problems: 'Fix or remove every line with a problem before submitting the batch.',
  batch_over_available: 'The batch total is more than the employer account’s available balance.',
  batch_empty: 'The batch has no lines.',
  order_not_active: 'This standing order is cancelled or completed.',
  over_limit: 'The amount is over your transfer limit; someone whose limit covers it must register it.',
  stale_version: 'Someone changed this record after you opened it; reload and try again.',
} as const;
export type PaymentRefusalCode = keyof typeof PAYMENT_REFUSAL_TEXT;
export const PAYMENT_REFUSAL_CODES = Object.keys(PAYMENT_REFUSAL_TEXT) as PaymentRefusalCode[];
