/**
 * What a date field accepts as typed, day first whatever the browser's language: "27 Nov 2026",
 * "27 November 2026", "27/11/2026" (or with - or .), and the ISO "2026-11-27". The value that leaves
 * the field is always ISO (YYYY-MM-DD), which the contracts' schemas validate; what it shows is
 * formatDate's "27 Nov 2026" (format.ts), the one date style on screen.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function iso(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // Impossible days (31 Apr, 29 Feb outside a leap year) are refused, never rolled over.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The ISO date a person typed, or null when it is not one whole, possible date. */
export function parseDayFirstDate(text: string): string | null {
  const t = text.trim().toLowerCase();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3));
    const full = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })
      .format(new Date(Date.UTC(2000, month, 1)))
      .toLowerCase();
    // "Sept" and "November" read as their month; "Novx" does not.
    if (month < 0 || !(full.startsWith(m[2]!) || m[2] === 'sept')) return null;
    return iso(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}

/** The ISO date `days` after `isoDate` (negative: before), for a field's arrow keys. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
