/**
 * CSV (RFC 4180) with spreadsheet formula injection neutralised: a cell that a spreadsheet would read
 * as a formula is prefixed with an apostrophe so Excel and LibreOffice show it as text.
 *
 * The decision is made on a normalised copy of the cell, never on the raw text: spreadsheets fold
 * compatibility characters (full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣) to their ASCII meaning and skip
 * characters that draw nothing (zero-width space and joiners, BOM, soft hyphen, bidi marks), so
 * `\u200B=cmd` or `＝cmd` must be caught like `=cmd`. The cell itself is written unchanged.
 */

/** Characters with no glyph (or only a direction) that may hide before a formula sign. */
const LEADING_INVISIBLES =
  // eslint-disable-next-line no-misleading-character-class -- combining joiners and variation selectors are listed on purpose
  /^[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]+/u;

/** Signs that start a formula (or DDE) after normalisation; U+2212 is a minus that NFKC keeps. */
const FORMULA_START = /^[=+\-@\u2212]/;

/** True when a spreadsheet could evaluate the cell: checked after NFKC and without leading invisibles. */
export function looksLikeFormula(raw: string): boolean {
  // Tab and carriage return at the very start split or shift cells in some importers.
  if (/^[\t\r]/.test(raw)) return true;
  const normalised = raw.normalize('NFKC').replace(LEADING_INVISIBLES, '');
  return FORMULA_START.test(normalised);
}

export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: Array<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
