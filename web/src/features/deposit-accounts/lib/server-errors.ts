import { ACCOUNT_REFUSAL_TEXT } from '@bankmanager/contracts';
import { conflictCode } from '@/lib/api-errors';

export { fieldErrorsFrom } from '@/lib/api-errors';

/** What to tell the user: a 409's refusal code in the bank's words, else the server's message. */
export function errorText(err: unknown): string {
  const code = conflictCode(err);
  if (code && code in ACCOUNT_REFUSAL_TEXT)
    return ACCOUNT_REFUSAL_TEXT[code as keyof typeof ACCOUNT_REFUSAL_TEXT];
  return err instanceof Error ? err.message : 'Something went wrong';
}
