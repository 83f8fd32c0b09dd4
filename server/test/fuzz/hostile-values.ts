import fc from 'fast-check';

/**
 * Text that has broken servers before: injection metacharacters, path tricks, NUL and lone
 * surrogates (PostgreSQL refuses both), number edge cases, RTL and combining marks, emoji.
 */
export const NASTY_STRINGS = [
  '',
  ' ',
  "' or 1=1 --",
  "'; drop table customers; --",
  '%',
  '%%',
  '_',
  '\\',
  '"',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ufeff',
  '\u202e\u0644\u0627',
  'e\u0301\u0301\u0301',
  '😀👨‍👩‍👧‍👦',
  '𝕏',
  '-1',
  '0',
  '1.5',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '\r\n\r\nX-Injected: 1',
  '\t',
  // Security review finding 10 (docs/security.md): a same-origin redirect_to (the test config's
  // PUBLIC_URL) carrying CR/LF or U+2028 was a 500 at GET /auth/v1/verify; the largest posting amount
  // overflowed a balance (500, now 409).
  'http://localhost:3000/\r\nX-Injected: 1',
  'http://localhost:3000/\u2028',
  '\u2028',
  '9999999999999999.99',
  // Dates of the right shape that no calendar has: each reached the database and came back a 500.
  '2026-02-30',
  '2026-04-31',
  '0000-00-00',
  '0000-01-01',
  '2025-02-29',
  '2026-13-01',
] as const;

/** A random string from every Unicode plane, or an ASCII one, up to `max` code units. */
export const randomText = (max = 40) =>
  fc.oneof(
    fc.string({ maxLength: max }),
    fc.string({ unit: 'binary', maxLength: max }),
    fc.string({ unit: 'grapheme', maxLength: max }),
  );

/** Hostile text: known-nasty strings, random text, and long runs (the ~10 KB one is a huge value). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: randomText(), weight: 3 },
  { arbitrary: fc.constantFrom('x'.repeat(300), 'é'.repeat(5000), '9'.repeat(10_000)), weight: 1 },
);

/** Hostile numbers as they arrive in JSON (not strings). */
export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, -0.01, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, Number.MIN_VALUE, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * A path segment: mostly percent-encoded (so it stays one segment), sometimes raw, so that `../`,
 * `%00`, a bare `%` and invalid escapes like `%ff` reach the router as they are.
 */
export const rawPathSegments = [
  '%00',
  '%ff',
  '%',
  '%2e%2e%2f',
  '..',
  '../..',
  'a%2Fb',
  '%c0%af',
  '%e2%80%ae',
  '%uD800',
] as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send it as the bytes of a replacement character would be.
    return encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
  }
}

/** Query-string text: percent-encoded, or one of a few malformed raw forms. */
export const rawQueryParts = [
  '&&&',
  '=',
  '==x',
  'a[b]=1',
  'a[]=1&a[]=2',
  '%',
  '%zz',
  '%ff=%fe',
  'x=%00',
  '__proto__[x]=1',
] as const;
