import { sql } from 'drizzle-orm';
import {
  LOAN_PRODUCT_TEXT,
  type LoanProduct,
  type LoanProductListQuery,
  type LoanProductTerms,
  type LoanProductVersion,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { notFound } from '../../lib/http-error.ts';

type ProductRow = Omit<LoanProduct, 'version' | 'terms' | 'versions'>;

/** The version columns as the contracts' terms want them: amounts with 2 decimals, rates with 4. */
const VERSION_COLUMNS = sql`v.product_code, v.version, v.interest_method, v.repayment_frequency,
  v.min_amount::text, v.max_amount::text, v.min_term, v.max_term,
  v.min_rate::text, v.max_rate::text, v.default_rate::text, v.max_principal_grace, v.max_full_grace,
  v.fee_kind, (case when v.fee_kind = 'fixed' then v.fee_value::numeric(18, 2) else v.fee_value end)::text as fee_value,
  v.fee_treatment, v.insurance_rate::text, v.penalty_kind,
  (case when v.penalty_kind = 'fixed' then v.penalty_value::numeric(18, 2) else v.penalty_value end)::text as penalty_value,
  v.penalty_tolerance_days, v.allocation_order, v.prepayment, v.max_debt_service_ratio::text,
  v.reason, v.approved_by, v.approved_at::text`;

interface VersionRow extends Record<string, unknown> {
  product_code: string;
  version: number;
  interest_method: LoanProductTerms['interestMethod'];
  repayment_frequency: LoanProductTerms['repaymentFrequency'];
  min_amount: string;
  max_amount: string;
  min_term: number;
  max_term: number;
  min_rate: string;
  max_rate: string;
  default_rate: string;
  max_principal_grace: number;
  max_full_grace: number;
  fee_kind: LoanProductTerms['processingFee']['kind'];
  fee_value: string;
  fee_treatment: LoanProductTerms['processingFee']['treatment'];
  insurance_rate: string | null;
  penalty_kind: LoanProductTerms['penalty']['kind'];
  penalty_value: string;
  penalty_tolerance_days: number;
  allocation_order: LoanProductTerms['allocationOrder'];
  prepayment: LoanProductTerms['prepayment'];
  max_debt_service_ratio: string | null;
  reason: string | null;
  approved_by: string | null;
  approved_at: string | null;
}

const termsOf = (r: VersionRow): LoanProductTerms => ({
  interestMethod: r.interest_method,
  repaymentFrequency: r.repayment_frequency,
  amount: { min: r.min_amount, max: r.max_amount },
  term: { min: r.min_term, max: r.max_term },
  rate: { min: r.min_rate, max: r.max_rate, default: r.default_rate },
  grace: { maxPrincipalOnly: r.max_principal_grace, maxFull: r.max_full_grace },
  processingFee: { kind: r.fee_kind, value: r.fee_value, treatment: r.fee_treatment },
  insuranceRate: r.insurance_rate,
  penalty: { kind: r.penalty_kind, value: r.penalty_value, toleranceDays: r.penalty_tolerance_days },
  allocationOrder: r.allocation_order,
  prepayment: r.prepayment,
  maxDebtServiceRatio: r.max_debt_service_ratio,
});

const versionOf = (r: VersionRow): LoanProductVersion => ({
  version: r.version,
  terms: termsOf(r),
  reason: r.reason,
  approvedBy: r.approved_by,
  approvedAt: r.approved_at,
});

/** The terms as the version columns store them (what the approval inserts). */
export const versionValues = (t: LoanProductTerms) => ({
  interestMethod: t.interestMethod,
  repaymentFrequency: t.repaymentFrequency,
  minAmount: t.amount.min,
  maxAmount: t.amount.max,
  minTerm: t.term.min,
  maxTerm: t.term.max,
  minRate: t.rate.min,
  maxRate: t.rate.max,
  defaultRate: t.rate.default,
  maxPrincipalGrace: t.grace.maxPrincipalOnly,
  maxFullGrace: t.grace.maxFull,
  feeKind: t.processingFee.kind,
  feeValue: t.processingFee.value,
  feeTreatment: t.processingFee.treatment,
  insuranceRate: t.insuranceRate,
  penaltyKind: t.penalty.kind,
  penaltyValue: t.penalty.value,
  penaltyToleranceDays: t.penalty.toleranceDays,
  allocationOrder: t.allocationOrder,
  prepayment: t.prepayment,
  maxDebtServiceRatio: t.maxDebtServiceRatio,
});

const PRODUCT_COLUMNS = sql`p.code, p.name, p.currency, p.status, p.portfolio_gl, p.interest_receivable_gl,
  p.interest_income_gl, p.fee_income_gl, p.penalty_income_gl`;

interface Row extends Record<string, unknown> {
  code: string;
  name: string;
  currency: LoanProduct['currency'];
  status: LoanProduct['status'];
  portfolio_gl: string;
  interest_receivable_gl: string;
  interest_income_gl: string;
  fee_income_gl: string;
  penalty_income_gl: string;
}

const productOf = (r: Row): ProductRow => ({
  code: r.code,
  name: r.name,
  currency: r.currency,
  status: r.status,
  gl: {
    portfolio: r.portfolio_gl,
    interestReceivable: r.interest_receivable_gl,
    interestIncome: r.interest_income_gl,
    feeIncome: r.fee_income_gl,
    penaltyIncome: r.penalty_income_gl,
  },
});

const SORT_SQL = {
  code: sql`p.code`,
  name: sql`p.name`,
  currency: sql`p.currency`,
  status: sql`p.status`,
} as const;

/**
 * One page of products, each with its newest version (the one new loans are written under). Sorted,
 * filtered and cut in the database; the code breaks ties, so pages never overlap.
 */
export async function listLoanProducts(
  db: Database,
  q: LoanProductListQuery,
  w: PageWindow,
): Promise<{ rows: LoanProduct[]; total: number }> {
  const where = sql`where true
    ${q.status ? sql`and p.status = ${q.status}` : sql``}
    ${q.currency ? sql`and p.currency = ${q.currency}` : sql``}`;
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  const [rows, [count]] = await Promise.all([
    queryRows<Row & VersionRow>(
      db,
      sql`select ${PRODUCT_COLUMNS}, ${VERSION_COLUMNS}
          from loan_products p
          join lateral (select * from loan_product_versions x where x.product_code = p.code
                        order by x.version desc limit 1) v on true
          ${where}
          order by ${SORT_SQL[q.sort]} ${dir}, p.code ${dir}
          limit ${w.limit} offset ${w.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from loan_products p ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({ ...productOf(r), version: r.version, terms: termsOf(r), versions: [] })),
    total: Number(count!.n),
  };
}

/** One product with every version, newest first; 404 with the contracts' text. */
export async function getLoanProduct(db: Database, code: string, lock = false): Promise<LoanProduct> {
  const [p] = await queryRows<Row>(
    db,
    sql`select ${PRODUCT_COLUMNS} from loan_products p where p.code = ${code} ${lock ? sql`for update` : sql``}`,
  );
  if (!p) throw notFound(LOAN_PRODUCT_TEXT.notFound);
  const versions = await queryRows<VersionRow>(
    db,
    sql`select ${VERSION_COLUMNS} from loan_product_versions v where v.product_code = ${code} order by v.version desc`,
  );
  const newest = versions[0]!;
  return {
    ...productOf(p),
    version: newest.version,
    terms: termsOf(newest),
    versions: versions.map(versionOf),
  };
}

/**
 * The product's state for the four-eyes check: its identity fields and its newest version, so a
 * request made before another change was approved is refused as stale ('none' while it does not exist).
 */
export async function loanProductFingerprint(db: Database, code: string): Promise<string> {
  const [r] = await queryRows<{ f: string | null }>(
    db,
    sql`select md5(row(p.name, p.status, p.portfolio_gl, p.interest_receivable_gl, p.interest_income_gl,
                       p.fee_income_gl, p.penalty_income_gl)::text
                   || ':' || coalesce((select max(version) from loan_product_versions v where v.product_code = p.code), 0)) as f
        from loan_products p where p.code = ${code}`,
  );
  return r?.f ?? 'none';
}
