import { sql } from 'drizzle-orm';
import {
  LOAN_FLAGS,
  SINGLE_OBLIGOR_SHARE_PERCENT,
  buildSchedule,
  compareAmounts,
  fromCents,
  loanApprovalAuthority,
  loanProcessingFee,
  toCents,
  type LoanAppraisalFacts,
  type LoanApplication,
  type LoanFlag,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { holidaysOf } from '../eod/index.ts';
import { getLoanProduct } from '../loan-products/index.ts';

/** Percent with 2 decimals (half-up) of part ÷ whole; whole > 0. */
const percentOf = (part: bigint, whole: bigint): string =>
  fromCents((2n * part * 10_000n + whole) / (2n * whole));

/**
 * What the appraisal shows, worked out now: the schedule from the contracts' engine (disbursed on the
 * business date), the DSR of a salary loan, the customer's exposure (their Loan accounts' balances,
 * their other Approved applications and this one), the flags, and who decides.
 */
export async function appraisalFacts(db: Database, a: LoanApplication): Promise<LoanAppraisalFacts> {
  const product = await getLoanProduct(db, a.productCode);
  const t = product.terms;
  const today = await currentBusinessDate(db);
  const year = Number(today.slice(0, 4));
  const years = Math.ceil(a.term / (t.repaymentFrequency === 'monthly' ? 12 : 26)) + 1;
  const holidays: string[] = [];
  for (let y = year; y <= year + years; y++) holidays.push(...(await holidaysOf(db, y)).map((h) => h.date));
  const fee = loanProcessingFee(t, a.amount);
  const schedule = buildSchedule({
    principal: a.amount,
    annualRate: a.rate,
    method: t.interestMethod,
    instalments: a.term,
    frequency: t.repaymentFrequency,
    disbursementDate: today,
    ...(toCents(fee) > 0n && (t.processingFee.treatment === 'capitalised' || toCents(fee) < toCents(a.amount))
      ? { processingFee: fee, processingFeeMode: t.processingFee.treatment }
      : {}),
    holidays,
  });

  const largest = schedule.instalments.reduce((m, i) => (toCents(i.total) > m ? toCents(i.total) : m), 0n);
  let dsr: LoanAppraisalFacts['dsr'] = null;
  if (a.salary && t.maxDebtServiceRatio !== null) {
    const ratio = percentOf(
      toCents(a.salary.monthlyObligations) + largest,
      toCents(a.salary.netMonthlySalary),
    );
    dsr = {
      ratio,
      max: fromCents(toCents(t.maxDebtServiceRatio.replace(/(\.\d{2})\d*$/, '$1'))),
      instalment: fromCents(largest),
      over: compareAmounts(ratio, t.maxDebtServiceRatio.replace(/(\.\d{2})\d*$/, '$1')) > 0,
    };
  }

  const loans = await queryRows<{ accountNumber: string; outstanding: string }>(
    db,
    sql`select account_number as "accountNumber", (-balance)::numeric(18,2)::text as outstanding from accounts
        where cust_id = ${a.custId} and account_type = 'Loan' and currency = ${a.currency} and status <> 'Closed' and balance < 0
        order by account_number`,
  );
  const approved = await queryRows<{ id: number; amount: string }>(
    db,
    sql`select id, amount::text from loan_applications
        where cust_id = ${a.custId} and status = 'Approved' and currency = ${a.currency} and id <> ${a.id} order by id`,
  );
  // The bank's capital: the equity accounts' credit balance in the loan's currency.
  const [cap] = await queryRows<{ capital: string }>(
    db,
    sql`select greatest(coalesce(sum(case l.side when 'credit' then l.amount else -l.amount end), 0), 0)::numeric(18,2)::text as capital
        from gl_lines l join gl_accounts g on g.code = l.gl_code
        where g.class = 'equity' and l.currency = ${a.currency}`,
  );
  const total =
    loans.reduce((s, l) => s + toCents(l.outstanding), 0n) +
    approved.reduce((s, x) => s + toCents(x.amount), 0n) +
    toCents(a.amount);
  const cover = a.collateral.reduce((s, k) => s + toCents(k.lendingValue), 0n);
  const unsecured = total > cover ? total - cover : 0n;
  const capital = toCents(cap!.capital);
  const limit = (capital * BigInt(SINGLE_OBLIGOR_SHARE_PERCENT)) / 100n;

  const [c] = await queryRows<{ pep: boolean; risk: string; type: string }>(
    db,
    sql`select pep, coalesce(risk_override, risk_rating) as risk, type from customers where cust_id = ${a.custId}`,
  );
  const codes: LoanFlag[] = [];
  if (c!.pep) codes.push('pep');
  if (c!.risk === 'high') codes.push('high_risk');
  if (c!.type === 'employee') codes.push('related_party');
  if (unsecured > limit) codes.push('concentration');
  if (dsr?.over) codes.push('dsr');
  const authority = loanApprovalAuthority(a.amount, a.currency);
  return {
    schedule,
    dsr,
    exposure: {
      loans,
      approvedApplications: approved.map((x) => ({ id: Number(x.id), amount: x.amount })),
      total: fromCents(total),
      unsecured: fromCents(unsecured),
      capital: fromCents(capital),
      sharePercent: SINGLE_OBLIGOR_SHARE_PERCENT,
      limit: fromCents(limit),
    },
    flags: codes.map((code) => ({ code, label: LOAN_FLAGS[code] })),
    authority: { key: authority.key, label: authority.label, approvers: authority.approvers },
    coverageRatio: a.coverageRatio,
  };
}
