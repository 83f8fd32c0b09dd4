// Zod-free, as auth-messages.ts: the sign-up form and the server's /auth/v1 routes share it.

/**
 * Why an e-mail address that is being registered looks like another one, or undefined when it does
 * not. A staff directory shows names by address: `boss@bank.sl` with an invisible U+200B, a Cyrillic
 * `а`, or full-width letters reads as the boss's address to a colleague asked to approve "their"
 * request. Applies to new addresses only (sign-up, e-mail change, accounts created by an administrator).
 */
export const EMAIL_LOOKALIKE_MESSAGES = {
  invisible: 'Email address contains invisible characters; type it again without them',
  compatibility: 'Email address contains look-alike characters (e.g. full-width letters); use plain letters',
  mixedScripts:
    'Email address mixes letters of different alphabets (e.g. a Cyrillic "а" among Latin letters)',
} as const;

// Unicode's default-ignorable code points (zero-width space and joiners, soft hyphen, variation
// selectors, Hangul fillers…), format characters (bidi marks, BOM), controls, private use, unassigned.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** Scripts a letter may belong to; a letter in none of them counts as a script of its own. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Ethiopic',
  'Cherokee',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
  'Vai',
  'Nko',
  'Tifinagh',
  'Coptic',
  'Canadian_Aboriginal',
  'Runic',
].map((name) => ({ name, re: new RegExp(`\\p{Script=${name}}`, 'u') }));

function scriptOf(ch: string): string {
  return SCRIPTS.find((s) => s.re.test(ch))?.name ?? `other:${ch.codePointAt(0)}`;
}

export function emailLookalikeProblem(email: string): string | undefined {
  if (INVISIBLE.test(email)) return EMAIL_LOOKALIKE_MESSAGES.invisible;
  if (email.normalize('NFKC') !== email) return EMAIL_LOOKALIKE_MESSAGES.compatibility;
  // Plain ASCII is one script by construction; the common case costs one test.
  if (/^[\x20-\x7e]*$/.test(email)) return undefined;
  const scripts = new Set<string>();
  // Letters and non-ASCII digits (an Arabic-Indic digit among Latin letters is a look-alike too).
  for (const ch of email) if (/[\p{L}\p{Nd}]/u.test(ch) && !/[0-9]/.test(ch)) scripts.add(scriptOf(ch));
  return scripts.size > 1 ? EMAIL_LOOKALIKE_MESSAGES.mixedScripts : undefined;
}
