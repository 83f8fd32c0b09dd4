import { formatCurrency, fromCents, toCents, type Currency } from '@bankmanager/contracts';

/** What the deposits-by-branch chart shows, in one sentence. */
export function branchSummary(
  rows: Array<{ branchName: string; amount: string }>,
  currency: Currency,
): string {
  if (rows.length === 0) return 'Deposits by branch: no branches.';
  const top = rows.reduce((a, b) => (toCents(b.amount) > toCents(a.amount) ? b : a));
  const total = fromCents(rows.reduce((t, r) => t + toCents(r.amount), 0n));
  return `Deposits by branch: ${rows.length} branch${rows.length === 1 ? '' : 'es'}, ${formatCurrency(total, currency)} in all; the largest is ${top.branchName} with ${formatCurrency(top.amount, currency)}.`;
}
