import { formatCurrency, fromCents, toCents, type Currency, type TrendPoint } from '@bankmanager/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11" → "Nov 2026". */
export const monthLabel = (month: string): string =>
  `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The change in percent to one decimal, exactly (BigInt cents), half away from zero. */
function changePercent(from: bigint, to: bigint): string | null {
  if (from === 0n) return null;
  const num = (to - from) * 1000n;
  const den = from < 0n ? -from : from;
  const neg = num < 0n;
  const n = neg ? -num : num;
  const q = (2n * n + den) / (2n * den);
  return `${neg ? '-' : '+'}${q / 10n}.${q % 10n}%`;
}

/**
 * What a trend chart shows, in one sentence for screen readers (and anyone who prefers words): the
 * first and last months that have a figure, the change between them, and the highest month.
 */
export function trendSummary(label: string, points: TrendPoint[], currency: Currency): string {
  const known = points.filter((p) => p.amount !== null) as Array<{ month: string; amount: string }>;
  if (known.length === 0) return `${label}: no figures yet.`;
  const last = known.at(-1)!;
  if (known.length === 1)
    return `${label}: ${formatCurrency(last.amount, currency)} in ${monthLabel(last.month)}; no earlier month yet.`;
  const first = known[0]!;
  const high = known.reduce((a, b) => (toCents(b.amount) > toCents(a.amount) ? b : a));
  const change = changePercent(toCents(first.amount), toCents(last.amount));
  const diff = fromCents(toCents(last.amount) - toCents(first.amount));
  const moved = diff.startsWith('-') ? 'fell' : diff === '0.00' ? 'held' : 'rose';
  return (
    `${label} ${moved} from ${formatCurrency(first.amount, currency)} in ${monthLabel(first.month)} ` +
    `to ${formatCurrency(last.amount, currency)} in ${monthLabel(last.month)}` +
    `${change && moved !== 'held' ? ` (${change})` : ''}; highest ${formatCurrency(high.amount, currency)} in ${monthLabel(high.month)}.`
  );
}
