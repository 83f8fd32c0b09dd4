import { formatCurrency, formatLongDate, type Currency, type ProductTerms } from '@bankmanager/contracts';

/** A yearly rate as the decimal string the server sent, with its unit: "5.25 %". Never a float. */
export const showRate = (rate: string | null) => (rate === null ? '—' : `${rate} %`);

/** The credit rate a product pays: the flat rate, or its tiers' range when tiered. */
export function rateInForce(t: ProductTerms): string {
  if (t.creditTiers.length === 0) return showRate(t.creditRate);
  const rates = t.creditTiers.map((x) => x.rate);
  return `${rates[0]} – ${rates[rates.length - 1]} % (tiered)`;
}

export const showMoney = (amount: string, currency: Currency) => formatCurrency(amount, currency);
export const showDate = (iso: string | null) => (iso ? formatLongDate(iso) : '—');

/** "12 months at 9.5 %" for each tenor. */
export const showTenors = (t: ProductTerms) =>
  t.fixedDeposit?.tenors.map((x) => `${x.months} months at ${x.rate} %`).join('; ') ?? '—';

export const showRollover = (t: ProductTerms) =>
  t.fixedDeposit?.rollover.map((r) => r.replaceAll('_', ' ')).join(', ') ?? '—';
