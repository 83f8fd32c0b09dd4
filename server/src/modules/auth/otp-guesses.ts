import type { AuthService } from './service.ts';
import { AuthError, rateLimited } from './errors.ts';
import { hit, reset } from './rate-limits.ts';
import { revokeOtpsFor } from './one-time-tokens.ts';

/**
 * One budget of wrong guesses per address, whichever way a code is presented (typed code, token_hash,
 * GET link), keyed by the address and never by the client's address, so rotating sources buys nothing.
 * `AUTH_OTP_MAX_ATTEMPTS` wrong guesses per `AUTH_OTP_EXPIRY_SECONDS` window; when the budget is
 * spent, every code and link mailed to the address dies (a fresh one must be asked for, and mail to
 * one address is rate limited). Each attempt takes its slot before it runs, so concurrent guesses get
 * no more tries than a sequence would; a right code resets the budget.
 */
export async function spendCodeGuess<T>(
  auth: AuthService,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { otpMaxAttempts, otpExpirySeconds } = auth.config.auth;
  const address = email.toLowerCase();
  const key = `otp:${address}`;
  const used = await hit(auth.db, key, otpExpirySeconds);
  if (used > otpMaxAttempts) {
    await revokeOtpsFor(auth.db, address);
    throw rateLimited();
  }
  try {
    const result = await attempt();
    await reset(auth.db, key);
    return result;
  } catch (err) {
    const wrongGuess = err instanceof AuthError && err.status === 403;
    // The last allowed guess was wrong: the code is dead, even for its owner.
    if (wrongGuess && used >= otpMaxAttempts) await revokeOtpsFor(auth.db, address);
    throw err;
  }
}
