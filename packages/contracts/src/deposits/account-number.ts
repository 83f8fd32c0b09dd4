import { z } from 'zod';

/**
 * Account numbers (ADR 0019): 13 digits = branch code (3) + serial (8) + two ISO 7064
 * MOD 97-10 check digits, so that the whole number read as an integer is ≡ 1 (mod 97), as in IBAN.
 * The check catches every single-digit typo and every swap of two neighbouring digits, so a typo is
 * refused before any lookup. Staff may type spaces or hyphens between groups; they are ignored.
 */
export const ACCOUNT_NUMBER_DIGITS = 13;
export const ACCOUNT_SERIAL_DIGITS = 8;

export const ACCOUNT_NUMBER_TEXT = {
  required: 'Please enter an account number',
  shape: 'An account number has 13 digits: the branch code, 8 digits, 2 check digits',
  checkDigit: 'This account number has a typing mistake: its check digits do not match. Check each digit.',
} as const;

/** Remainder of a decimal digit string mod 97, digit by digit (the number does not fit a double). */
export const mod97 = (digits: string): number => {
  let r = 0;
  for (const ch of digits) r = (r * 10 + ch.charCodeAt(0) - 48) % 97;
  return r;
};

/** The two check digits that make `base + check` ≡ 1 (mod 97). */
export const mod97CheckDigits = (base: string): string => String(98 - mod97(`${base}00`)).padStart(2, '0');

export const makeAccountNumber = (branchCode: string, serial: number | bigint): string => {
  const base = `${branchCode}${String(serial).padStart(ACCOUNT_SERIAL_DIGITS, '0')}`;
  return `${base}${mod97CheckDigits(base)}`;
};

/** "001 0000 0421 57" → "0010000042157". */
export const normaliseAccountNumber = (typed: string): string => typed.replace(/[\s-]/g, '');

/** What is wrong with a typed account number, or null when it is well formed with a valid check. */
export const accountNumberProblem = (typed: string): string | null => {
  const n = normaliseAccountNumber(typed);
  if (n === '') return ACCOUNT_NUMBER_TEXT.required;
  if (!/^\d+$/.test(n) || n.length !== ACCOUNT_NUMBER_DIGITS) return ACCOUNT_NUMBER_TEXT.shape;
  return mod97(n) === 1 ? null : ACCOUNT_NUMBER_TEXT.checkDigit;
};

export const isValidAccountNumber = (typed: string): boolean => accountNumberProblem(typed) === null;

/** For every body, query and param that carries an account number: normalised, then checked. */
export const accountNumberSchema = z
  .string()
  .max(40, ACCOUNT_NUMBER_TEXT.shape)
  .transform(normaliseAccountNumber)
  .superRefine((n, ctx) => {
    const problem = accountNumberProblem(n);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Groups for display: "001 00000421 57". */
export const formatAccountNumber = (n: string): string =>
  n.length === ACCOUNT_NUMBER_DIGITS ? `${n.slice(0, 3)} ${n.slice(3, 11)} ${n.slice(11)}` : n;
