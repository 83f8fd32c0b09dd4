/**
 * Errors that mean "the database is not reachable right now" rather than "this request is wrong".
 * They become 503 so clients (and supabase-js) retry instead of treating them as final.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, cannot connect now),
    // 57014 (a statement the server cancelled at statement_timeout: the database is too busy now).
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '57014') return true;
  }
  const msg = err.message;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|database did not answer|Client has encountered a connection error|PGlite is closed/i.test(
      msg,
    )
  ) {
    return true;
  }
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}

/**
 * The constraint a database error names (unique, check, or a trigger's pseudo-constraint), looking
 * through Drizzle's wrapper.
 */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

/**
 * The SQLSTATEs of a transaction PostgreSQL rolled back whole to let another go on: nothing it did
 * was kept, so running it again is safe.
 */
export const DEADLOCK_DETECTED = '40P01';
export const SERIALIZATION_FAILURE = '40001';

/** The SQLSTATE of a database error (e.g. 22003 numeric_value_out_of_range), looking through wrappers. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return c;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

/**
 * What the database said, for a person to read (an end-of-day failure, a batch line's refusal):
 * the innermost cause's message, not Drizzle's wrapper, whose message starts with the whole SQL
 * ("Failed query: insert into …") and, cut to a column's length, never reaches the reason.
 */
export function reasonOf(err: unknown): string {
  let inner: unknown = err;
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    inner = e;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return inner instanceof Error ? inner.message : String(inner);
}
