import type { Currency } from '../banking.ts';

/**
 * An amount in words for receipts and the teller's screen: "Twenty-five thousand Leones",
 * "One hundred and five US dollars and fifty cents". British usage ("and" after the hundreds), as on
 * Sierra Leone cheques. Works on the decimal string, never a float, up to numeric(18,2)'s largest value.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion'];

const UNITS: Record<Currency, { one: string; many: string }> = {
  SLE: { one: 'Leone', many: 'Leones' },
  USD: { one: 'US dollar', many: 'US dollars' },
};

/** 0–99 in words: "forty-two". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? t : `${t}-${ONES[n % 10]}`;
}

/** 1–999 in words; `joined` adds "and" before a last group below 100 that follows a higher group. */
function belowThousand(n: number, joined: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return joined ? `and ${belowHundred(rest)}` : belowHundred(rest);
  if (rest === 0) return `${ONES[hundreds]} hundred`;
  return `${ONES[hundreds]} hundred and ${belowHundred(rest)}`;
}

/** A whole number given as digits ("25000") in words: "twenty-five thousand". */
export function integerInWords(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (!/^\d{1,18}$/.test(clean)) throw new RangeError(`Not a whole number this can spell: ${digits}`);
  if (clean === '0') return 'zero';
  const groups: number[] = [];
  for (let end = clean.length; end > 0; end -= 3)
    groups.unshift(Number(clean.slice(Math.max(0, end - 3), end)));
  if (groups.length > SCALES.length) throw new RangeError(`Too large to spell: ${digits}`);
  const words: string[] = [];
  groups.forEach((g, i) => {
    if (g === 0) return;
    const scale = SCALES[groups.length - 1 - i]!;
    const isLast = i === groups.length - 1;
    const text = belowThousand(g, isLast && groups.length > 1 && g < 100);
    words.push(scale ? `${text} ${scale}` : text);
  });
  return words.join(' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "25000" or "25000.00" in Leones → "Twenty-five thousand Leones"; "1.50" → "One Leone and fifty
 * cents"; "0.25" → "Twenty-five cents". Returns "" for text that is not an amount (a half-typed field).
 */
export function amountInWords(amount: string, currency: Currency): string {
  const m = /^(\d{1,16})(?:\.(\d{0,2}))?$/.exec(amount.trim());
  if (!m) return '';
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const unit = UNITS[currency];
  const parts: string[] = [];
  if (whole !== '0' || cents === 0)
    parts.push(`${integerInWords(whole)} ${whole === '1' ? unit.one : unit.many}`);
  if (cents > 0) parts.push(`${belowHundred(cents)} ${cents === 1 ? 'cent' : 'cents'}`);
  return capitalise(parts.join(' and '));
}
