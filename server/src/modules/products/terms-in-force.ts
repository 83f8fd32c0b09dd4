import { sql } from 'drizzle-orm';
import { compareAmounts, type ProductTerms } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** A product version as contracts' ProductTerms, plus its version number. */
export type TermsInForce = ProductTerms & { version: number };

/** A product_versions row as `TERMS_COLUMNS` selects it. */
export type TermsColumns = {
  version: number;
  effective_from: string;
  credit_rate: string;
  credit_tiers: { minBalance: string; rate: string }[];
  debit_rate: string | null;
  min_opening_balance: string;
  min_operating_balance: string;
  monthly_fee: string;
  below_minimum_fee: string;
  closure_fee: string;
  dormancy_days: number;
  posting_frequency: 'monthly' | 'quarterly';
  day_count: 'actual/365';
  fixed_deposit: ProductTerms['fixedDeposit'];
};

/** The columns of a version, as text where they are numeric (money and rates never pass through floats). */
export const TERMS_COLUMNS = sql`version, effective_from::text, credit_rate::text, credit_tiers, debit_rate::text,
  min_opening_balance::text, min_operating_balance::text, monthly_fee::text, below_minimum_fee::text,
  closure_fee::text, dormancy_days, posting_frequency, day_count, fixed_deposit`;

/** A version row as contracts' ProductTerms, plus its version number. */
export const termsOf = (row: TermsColumns): TermsInForce => ({
  version: row.version,
  effectiveFrom: row.effective_from,
  creditRate: row.credit_rate,
  creditTiers: row.credit_tiers,
  dayCount: row.day_count,
  postingFrequency: row.posting_frequency,
  debitRate: row.debit_rate,
  minOpeningBalance: row.min_opening_balance,
  minOperatingBalance: row.min_operating_balance,
  monthlyFee: row.monthly_fee,
  belowMinimumFee: row.below_minimum_fee,
  closureFee: row.closure_fee,
  dormancyDays: row.dormancy_days,
  fixedDeposit: row.fixed_deposit,
});

/**
 * The version of a product's terms in force on `onDate` (the latest one effective on or before it),
 * or null when the product has none yet. A version never applies before its date: terms are not changed
 * retroactively.
 */
export async function termsInForce(
  db: Database,
  productCode: string,
  onDate: string,
): Promise<TermsInForce | null> {
  const [row] = await queryRows<TermsColumns>(
    db,
    sql`select ${TERMS_COLUMNS} from product_versions
        where product_code = ${productCode} and effective_from <= ${onDate}::date
        order by effective_from desc limit 1`,
  );
  return row ? termsOf(row) : null;
}

/** The yearly credit rate for a balance under these terms: the highest tier reached, else the flat rate. */
export function creditRateFor(terms: ProductTerms, balance: string): string {
  const reached = terms.creditTiers.filter((t) => compareAmounts(balance, t.minBalance) >= 0);
  return reached.length > 0 ? reached[reached.length - 1]!.rate : terms.creditRate;
}
