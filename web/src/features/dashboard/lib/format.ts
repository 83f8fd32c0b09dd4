/** Groups a decimal string (e.g. "1234567.5") as 1,234,567.50 without going through floating point. */
export function formatDecimalString(amount: string): string {
  const negative = amount.trim().startsWith('-');
  const [intPart = '0', frac = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  const grouped = (intPart.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** Currency label: the Leone is shown as Le (SPEC §1). */
export function currencyLabel(code: string): string {
  return code === 'SLE' || code === 'SLL' || code === 'Le' ? 'Le' : code;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Newest first. */
export function byDateDesc<T extends { date: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
