/**
 * The amount field's text: what the teller types, kept as a plain decimal ("25000.5") and shown with
 * thousands separators as they type ("25,000.5"). Never a float.
 */

/** Keeps digits and one point with at most two decimals; drops separators and anything else. */
export function plainAmount(typed: string): string {
  const cleaned = typed.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  const digits = int.replace(/^0+(?=\d)/, '').slice(0, 16);
  if (rest.length === 0) return digits;
  return `${digits || '0'}.${rest.join('').slice(0, 2)}`;
}

/** "25000.5" → "25,000.5" (the decimals as typed). */
export function groupedAmount(plain: string): string {
  if (!plain) return '';
  const [int = '', frac] = plain.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Where the caret belongs after regrouping: after the same number of digits and points as before it. */
export function caretAfter(grouped: string, significantBefore: number): number {
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (seen === significantBefore) return i;
    if (grouped[i] !== ',') seen++;
  }
  return grouped.length;
}
