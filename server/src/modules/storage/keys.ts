import { invalidKey, invalidRequest } from './errors.ts';

/** Longest object key, in UTF-8 bytes (the real service's limit too). */
export const MAX_KEY_BYTES = 1024;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * An object key as stored: NFC-normalised, relative, `/`-separated, with no empty, `.` or `..`
 * segment, no backslash and no control character. Anything else is a 400: a key never names a
 * place outside its bucket, and two spellings of one name never make two objects.
 */
export function normaliseKey(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalidKey('The object key is missing');
  const key = raw.normalize('NFC');
  if (CONTROL.test(key)) throw invalidKey('The object key contains a control character');
  if (key.includes('\\')) throw invalidKey('The object key contains a backslash');
  if (key.startsWith('/')) throw invalidKey('The object key must be relative (no leading /)');
  if (/[\ud800-\udfff]/.test(key.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')))
    throw invalidKey('The object key is not valid Unicode');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES)
    throw invalidKey(`The object key is longer than ${MAX_KEY_BYTES} bytes`);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      throw invalidKey(`Invalid key: "${key.slice(0, 80)}" has an empty, "." or ".." segment`);
  }
  return key;
}

/** A list prefix: empty, or a key-like path (its trailing `/` optional). */
export function normalisePrefix(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return '';
  if (typeof raw !== 'string') throw invalidRequest('prefix must be a string');
  const trimmed = raw.replace(/\/+$/, '');
  return trimmed === '' ? '' : `${normaliseKey(trimmed)}/`;
}

const BUCKET_ID = /^[a-z0-9][a-z0-9._-]{0,62}$/;
/** Words the routes use after `/object/`; a bucket with such an id could not be addressed. */
const RESERVED = new Set([
  'list',
  'list-v2',
  'sign',
  'info',
  'public',
  'authenticated',
  'upload',
  'move',
  'copy',
  'render',
]);

/** Bucket ids are short lower-case names (they appear in URLs and in the content of keys). */
export function bucketId(raw: unknown): string {
  if (typeof raw !== 'string' || !BUCKET_ID.test(raw) || raw.includes('..') || RESERVED.has(raw))
    throw invalidRequest('Bucket name invalid: use 1 to 63 lower-case letters, digits, ".", "_" or "-"');
  return raw;
}
