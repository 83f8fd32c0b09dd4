import { formatCurrency, type Currency, type LoanProductTerms } from '@bankmanager/contracts';

/** A rate without the database's padding: "24.0000" reads "24", "2.5000" "2.5". */
export const trimRate = (r: string) => (r.includes('.') ? r.replace(/\.?0+$/, '') : r);

export const showPercent = (r: string | null) => (r === null ? '—' : `${trimRate(r)} %`);

/** "18 – 30 % (typical 24 %)", or "30 %" when the range is one rate. */
export function showRates(t: LoanProductTerms): string {
  const { min, max, default: typical } = t.rate;
  if (min === max) return showPercent(min);
  return `${trimRate(min)} – ${trimRate(max)} % (typical ${trimRate(typical)} %)`;
}

export const showAmounts = (t: LoanProductTerms, c: Currency) =>
  `${formatCurrency(t.amount.min, c)} – ${formatCurrency(t.amount.max, c)}`;

const UNIT = { monthly: 'months', fortnightly: 'fortnights', weekly: 'weeks' } as const;
export const showTerm = (t: LoanProductTerms) =>
  `${t.term.min} – ${t.term.max} ${UNIT[t.repaymentFrequency]}`;

export function showFee(t: LoanProductTerms, c: Currency): string {
  const f = t.processingFee;
  const value = f.kind === 'percent' ? showPercent(f.value) : formatCurrency(f.value, c);
  return `${value}, ${f.treatment === 'deducted' ? 'deducted' : 'capitalised'}`;
}
