import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';

/** A GoTrue error: HTTP status, machine code (`error_code`) and human message. */
export class AuthError extends Error {
  /** For a 429: when the client may try again (the `Retry-After` header); a minute when unset. */
  retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'AuthError';
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

/** True when the client asked for the 2024-01-01 error shape (`{ code, message }`). */
export function wantsNewShape(req: FastifyRequest): boolean {
  const v = req.headers[API_VERSION_HEADER];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && s >= API_VERSION_2024;
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): FastifyReply {
  if (err.status === 429) reply.header('retry-after', String(err.retryAfterSeconds ?? 60));
  if (wantsNewShape(req)) {
    reply.header(API_VERSION_HEADER, API_VERSION_2024);
    return reply.status(err.status).send({ code: err.code, message: err.message, ...err.extra });
  }
  return reply
    .status(err.status)
    .send({ code: err.status, error_code: err.code, msg: err.message, ...err.extra });
}

/**
 * The encapsulated error handler of /auth/v1: everything becomes a GoTrue-shaped answer. Bad input is
 * a 4xx (a 500 would sign the client out on refresh); only a database outage is a (retryable) 503.
 */
export function authErrorHandler(err: FastifyError | AuthError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AuthError) return sendAuthError(req, reply, err);
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    return sendAuthError(
      req,
      reply.header('retry-after', '5'),
      new AuthError(503, 'unexpected_failure', 'Service temporarily unavailable'),
    );
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = status === 413 ? 'request_too_large' : 'validation_failed';
    return sendAuthError(req, reply, new AuthError(status, code, err.message));
  }
  req.log.error({ err }, 'auth request failed');
  return sendAuthError(req, reply, new AuthError(500, 'unexpected_failure', 'Internal server error'));
}

export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = (why = 'invalid JWT') => new AuthError(403, 'bad_jwt', why);
export const sessionNotFound = (status = 403) =>
  new AuthError(status, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const userNotFound = (status = 404) => new AuthError(status, 'user_not_found', 'User not found');
export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');
export const rateLimited = (retryAfterSeconds?: number) =>
  Object.assign(
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached. Please try again later.'),
    { retryAfterSeconds },
  );
export const emailRateLimited = () =>
  new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded. Please try again later.');
export const otpExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
