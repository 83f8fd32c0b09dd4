import { ACCOUNT_REFUSAL_TEXT } from '@bankmanager/contracts';
import { refusalText } from '@/lib/api-errors';

export { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';

/** What to tell the user: a 409's refusal code in the bank's words, else the server's message. */
export const errorText = (err: unknown): string => refusalText(err, ACCOUNT_REFUSAL_TEXT);
