import {
  AUTH_MESSAGES,
  DEFAULT_BANK_CODE,
  SIGN_UP_RETRY_DELAYS_MS,
  type SignUpFormValues,
} from '@bankmanager/contracts/auth';
import { supabase } from '@/lib/supabase';

/** A sign-up failure; `field` names the form field a duplicate belongs to. */
export class SignUpError extends Error {
  constructor(
    message: string,
    readonly field?: 'mobileNo' | 'email',
  ) {
    super(message);
    this.name = 'SignUpError';
  }
}

const MOBILE_CODES = new Set(['mobile_exists', 'MOBILE_ALREADY_EXISTS', 'phone_exists']);
const EMAIL_CODES = new Set(['user_already_exists', 'email_exists', 'EMAIL_ALREADY_EXISTS']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates the account (docs/product.md §5, §8): trims the fields, bank_code CB, retries only on 'Database
 * error' after 1 s, 2 s and 4 s, then gives up with 'Failed to create account after multiple attempts'.
 * Answers the e-mail signed up with and whether the account is already confirmed.
 */
export async function signUp(values: SignUpFormValues): Promise<{ email: string; confirmed: boolean }> {
  const email = values.email.trim();
  const data = {
    fullName: values.fullName.trim(),
    mobileNo: values.mobileNo.trim(),
    bank_code: DEFAULT_BANK_CODE.trim(),
  };
  for (let attempt = 0; ; attempt++) {
    const { data: result, error } = await supabase.auth.signUp({
      email,
      password: values.password,
      options: { data },
    });
    if (!error) {
      if (!result.user) throw new SignUpError(AUTH_MESSAGES.signUpNoUser);
      // With auto-confirm the server also opens a session. The flow continues on /signin (where
      // activate-first-user runs), so drop it locally rather than leave a half-signed-in state.
      if (result.session) {
        const { error: signOutError } = await supabase.auth.signOut({ scope: 'local' });
        if (signOutError) console.error('Could not end the sign-up session', signOutError);
      }
      // A session means no confirmation e-mail was sent (auto-confirm): the sign-up page says so.
      return { email, confirmed: Boolean(result.session) };
    }
    const code = (error as { code?: string }).code ?? '';
    if (MOBILE_CODES.has(code)) throw new SignUpError(AUTH_MESSAGES.mobileAlreadyRegistered, 'mobileNo');
    if (EMAIL_CODES.has(code)) throw new SignUpError(AUTH_MESSAGES.emailAlreadyRegistered, 'email');
    if (!error.message?.includes('Database error'))
      throw new SignUpError(error.message || AUTH_MESSAGES.unexpectedError);
    const delay = SIGN_UP_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) throw new SignUpError(AUTH_MESSAGES.signUpRetriesExhausted);
    await wait(delay);
  }
}
