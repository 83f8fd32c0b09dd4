import { emailLookalikeProblem } from '@bankmanager/contracts';
import { validationFailed } from './errors.ts';

/**
 * Lenient readers for GoTrue request bodies: real clients send unknown fields and nulls
 * (`code_challenge: null`, `gotrue_meta_security`, camelCase `factorId`), so nothing is validated
 * strictly, but a field that is present with the wrong type is a 400, never a crash.
 */
export type Body = Record<string, unknown>;

export function asBody(raw: unknown): Body {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw validationFailed('Request body must be a JSON object');
  return raw as Body;
}

export function optString(body: Body, key: string, max = 10_000): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw validationFailed(`${key} must be a string`);
  if (v.length > max) throw validationFailed(`${key} is too long`);
  return v;
}

export function optObject(body: Body, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`${key} must be an object`);
  if (JSON.stringify(v).length > 16_384) throw validationFailed(`${key} is too large`);
  return v as Record<string, unknown>;
}

export function optBoolean(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw validationFailed(`${key} must be a boolean`);
  return v;
}

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Lower-cased, trimmed e-mail; 400 validation_failed when it does not look like one. */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 254 || !EMAIL_RE.test(e))
    throw validationFailed('Unable to validate email address: invalid format');
  return e;
}

export function optEmail(body: Body, key = 'email'): string | undefined {
  const v = optString(body, key, 512);
  return v === undefined || v.trim() === '' ? undefined : normalizeEmail(v);
}

/**
 * An address about to be registered (sign-up, e-mail change, an administrator's new account): as
 * `optEmail`, and refused when it imitates another one (invisible characters, mixed alphabets).
 * Sign-in and recovery keep `optEmail`: they only look an existing address up.
 */
export function optNewEmail(body: Body, key = 'email'): string | undefined {
  const email = optEmail(body, key);
  const problem = email === undefined ? undefined : emailLookalikeProblem(email);
  if (problem) throw validationFailed(problem);
  return email;
}

export const isUuid = (s: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
