import { TELLER_REFUSAL_TEXT } from '@bankmanager/contracts';
import { conflictCode } from '@/lib/api-errors';

/**
 * What to tell the teller about a failed request: the contracts' text for a teller refusal, else the
 * server's message (a ledger refusal, a 403 or a 400 carry their own).
 */
export function refusalText(err: unknown): string {
  const code = conflictCode(err);
  if (code && code in TELLER_REFUSAL_TEXT)
    return TELLER_REFUSAL_TEXT[code as keyof typeof TELLER_REFUSAL_TEXT];
  return err instanceof Error ? err.message : 'Something went wrong';
}
