import { ACCOUNT_REFUSAL_TEXT } from '../deposits/messages.ts';

/**
 * The teller's refusals: every 409 carries `details.code` from this list and the screen
 * shows its text. A posting refused by the ledger (a closed, blocked or inactive account) keeps the
 * ledger's own code and text.
 */
export const TELLER_REFUSAL_TEXT = {
  till_closed: 'Your till session is not open: open a session before taking or paying cash.',
  session_open: 'You already have a till session open; close it before opening another.',
  till_in_use: 'This till is open in another session.',
  wrong_currency: 'This account is in another currency than your till.',
  denomination_mismatch: 'The notes and coins counted do not add up to the total.',
  insufficient_available: ACCOUNT_REFUSAL_TEXT.insufficient_available,
  till_cash_short: 'Your till does not hold enough cash for this.',
  vault_short: 'The vault does not hold enough cash for this.',
  reference_conflict: 'This reference was already used for a different request.',
  not_approved: 'This withdrawal is not approved: no cash may be paid.',
  not_your_transaction: 'Only the teller who took this withdrawal may pay it.',
  already_decided: 'This request was already decided.',
  // The till register (Teller administration).
  till_unknown: 'This till is not in the branch’s till register.',
  till_inactive: 'This till is out of use: ask your head teller.',
  till_assigned_elsewhere: 'This till is assigned to another teller.',
  till_code_taken: 'The branch already has a till with this code.',
} as const;
export type TellerRefusalCode = keyof typeof TELLER_REFUSAL_TEXT;
export const TELLER_REFUSAL_CODES = Object.keys(TELLER_REFUSAL_TEXT) as TellerRefusalCode[];

/** What the teller's screens say, once. */
export const TELLER_TEXT = {
  signatureRequired: 'Confirm that the signature matches the specimen on file',
  partyNameRequired: 'Enter the name of the person at the counter',
  partyIdRequired: 'Enter their ID number',
  ctrFlag: 'Currency transaction report: at or above the reporting threshold',
  approvalNeeded:
    'Over your cash withdrawal limit: sent to a supervisor for approval. Pay only once approved.',
  unknownDenomination: (code: string) => `${code} is not a note or coin of this currency`,
  notATellerTransaction: 'This journal entry is not a teller cash transaction: it has no receipt.',
  noSession: 'No till session with this id.',
  noTransaction: 'No teller transaction with this id.',
} as const;
