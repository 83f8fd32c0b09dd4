import { TELLER_REFUSAL_TEXT, type TellerRefusalCode } from '@bankmanager/contracts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { LedgerError, ledgerHttpError } from '../ledger/index.ts';

/** A 409 with the contracts' text and `details.code`, so the screen shows its own message. */
export const refuse = (code: TellerRefusalCode, extra: Record<string, unknown> = {}) =>
  conflict(TELLER_REFUSAL_TEXT[code], { code, ...extra });

/** The refusal each of the teller's database rules means (migrations teller_core and teller_guards). */
const CONSTRAINT_CODES: Record<string, TellerRefusalCode> = {
  till_sessions_cash_check: 'till_cash_short',
  gl_lines_till_open: 'till_closed',
  gl_lines_till_account: 'wrong_currency',
  till_sessions_one_per_teller: 'session_open',
  till_sessions_one_per_till: 'till_in_use',
};

/**
 * A refused posting as the HTTP answer: the teller's own rules by constraint name, the ledger's
 * refusals (closed, blocked or inactive account, available balance) as the ledger answers them.
 * Anything else is not a refusal and is rethrown.
 */
export function asRefusal(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = CONSTRAINT_CODES[violatedConstraint(err) ?? ''];
  if (code) return refuse(code);
  if (err instanceof LedgerError) return ledgerHttpError(err);
  throw err;
}
