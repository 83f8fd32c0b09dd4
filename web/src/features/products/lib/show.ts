import { formatCurrency, formatLongDate, type Currency, type ProductTerms } from '@bankmanager/contracts';

/**
 * A rate as a decimal string without the database's padding: "4.7500" reads "4.75", "5.0000" "5.00".
 * String work only, never a float; ranges ("4.0000–6.0000") are trimmed part by part.
 */
export const trimRate = (rate: string) =>
  rate
    .split('–')
    .map((r) => r.replace(/(\.\d{2}\d*?)0+$/, '$1'))
    .join('–');

/** A yearly rate with its unit: "5.25 %". */
export const showRate = (rate: string | null) => (rate === null ? '—' : `${trimRate(rate)} %`);

/** The credit rate a product pays: the flat rate, or its tiers' range when tiered. */
export function rateInForce(t: ProductTerms): string {
  if (t.creditTiers.length === 0) return showRate(t.creditRate);
  const rates = t.creditTiers.map((x) => x.rate);
  return `${trimRate(rates[0]!)} – ${trimRate(rates[rates.length - 1]!)} % (tiered)`;
}

export const showMoney = (amount: string, currency: Currency) => formatCurrency(amount, currency);
export const showDate = (iso: string | null) => (iso ? formatLongDate(iso) : '—');

/** "12 months at 9.5 %" for each tenor. */
export const showTenors = (t: ProductTerms) =>
  t.fixedDeposit?.tenors.map((x) => `${x.months} months at ${showRate(x.rate)}`).join('; ') ?? '—';

export const showRollover = (t: ProductTerms) =>
  t.fixedDeposit?.rollover.map((r) => r.replaceAll('_', ' ')).join(', ') ?? '—';
