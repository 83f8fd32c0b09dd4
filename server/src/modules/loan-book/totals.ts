import { sql } from 'drizzle-orm';
import { LOAN_CLASS_LABELS, type LoanClass } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { suspenseTotals } from './suspense-totals.ts';

export type LoanBookStep = 'loan_accrual' | 'loan_classification' | 'loan_suspense';

/**
 * What a loan step did on a business date, read back from the rows it kept for the date (so a resumed
 * run reports the whole day): money keys start with the currency, counts are plain.
 */
export async function loanStepTotals(
  db: Database,
  step: LoanBookStep,
  businessDate: string,
): Promise<Record<string, string>> {
  if (step === 'loan_suspense') return suspenseTotals(db, businessDate);
  const q =
    step === 'loan_accrual'
      ? sql`select currency || ' interest booked' as k, sum(booked)::text as v from loan_accrual_daily
             where business_date = ${businessDate}::date group by currency
            union all select currency || ' true-up on due dates', sum(true_up)::text from loan_accrual_daily
             where business_date = ${businessDate}::date group by currency
            union all select 'loans accruing', sum(loans)::text from loan_accrual_daily
             where business_date = ${businessDate}::date having count(*) > 0
            union all select currency || ' of it into suspense', sum(suspended)::text from loan_accrual_daily
             where business_date = ${businessDate}::date group by currency having sum(suspended) <> 0`
      : sql`select loan_class as k, count(*)::text as v from loan_daily_status
             where business_date = ${businessDate}::date group by loan_class`;
  const rows = await queryRows<{ k: string; v: string | null }>(db, q);
  return Object.fromEntries(
    rows
      .filter((r) => r.v !== null)
      .map((r) => [
        step === 'loan_classification' ? `${LOAN_CLASS_LABELS[r.k as LoanClass] ?? r.k} loans` : r.k,
        r.v!,
      ]),
  );
}
