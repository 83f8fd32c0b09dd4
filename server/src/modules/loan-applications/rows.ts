import { sql, type SQL } from 'drizzle-orm';
import {
  LOAN_APPLICATION_TEXT,
  LOAN_APPROVAL_TYPES,
  fromCents,
  toCents,
  loanApprovalAuthority,
  type LoanApplication,
  type LoanApplicationListQuery,
  type Page,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Row = Omit<LoanApplication, 'coverageRatio' | 'authority' | 'history' | 'salary'> & {
  employer: string | null;
  netMonthlySalary: string | null;
  monthlyObligations: string | null;
} & Record<string, unknown>;

// A pending disbursement shows on the application as well: its actions wait for the checker.
const approvalTypes = sql.join(
  [...LOAN_APPROVAL_TYPES, 'loan_application.disburse'].map((t) => sql`${t}`),
  sql`, `,
);

/** The application's columns as the contract names them; `full` adds guarantors and collateral. */
const columns = (full: boolean) => sql`a.id, a.status, a.cust_id as "custId", c.name as "customerName",
  a.branch_code as branch, a.product_code as "productCode", p.name as "productName",
  a.product_version as "productVersion", a.currency, a.amount::text, a.term, a.rate::text, a.sector, a.purpose,
  r.account_number as "repaymentAccount", a.employer, a.net_monthly_salary::text as "netMonthlySalary",
  a.monthly_obligations::text as "monthlyObligations",
  a.officer_id::text as "officerId", a.officer_email as "officerEmail", a.recommendation,
  a.appraisal_notes as "appraisalNotes", a.override_reason as "overrideReason", a.appraisal,
  a.appraised_by_email as "appraisedByEmail", a.decision_reason as "decisionReason", a.version,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
  (select q.id::text from approval_requests q
    where q.type in (${approvalTypes}) and q.subject_id = a.id::text and q.status = 'pending'
      and q.business_date >= current_business_date()
    order by q.created_at desc limit 1) as "pendingApprovalId",
  ${
    full
      ? sql`coalesce((select json_agg(json_build_object('custId', g.cust_id, 'name', gc.name, 'amount', g.amount::text) order by g.position)
           from loan_application_guarantors g join customers gc on gc.cust_id = g.cust_id where g.application_id = a.id), '[]') as guarantors,
         coalesce((select json_agg(json_build_object('type', k.type, 'description', k.description,
             'marketValue', k.market_value::text, 'forcedSaleValue', k.forced_sale_value::text,
             'haircutPercent', k.haircut_percent::numeric(9,2)::text,
             'lendingValue', trunc(k.forced_sale_value * (100 - k.haircut_percent) / 100, 2)::numeric(18,2)::text) order by k.position)
           from loan_application_collateral k where k.application_id = a.id), '[]') as collateral`
      : sql`'[]'::json as guarantors, '[]'::json as collateral`
  }`;

const FROM = sql`from loan_applications a join customers c on c.cust_id = a.cust_id
  join loan_products p on p.code = a.product_code join accounts r on r.id = a.repayment_account_id`;

function shape(r: Row, history: LoanApplication['history']): LoanApplication {
  const { employer, netMonthlySalary, monthlyObligations, ...rest } = r;
  // From the haircuts recorded with the collateral, which the policy's data may since have changed.
  const lending = r.collateral.reduce((sum, k) => sum + toCents(k.lendingValue), 0n);
  const cover = r.collateral.length ? fromCents((lending * 10_000n) / toCents(r.amount)) : null;
  return {
    ...rest,
    salary:
      employer === null
        ? null
        : {
            employer,
            netMonthlySalary: netMonthlySalary ?? '0.00',
            monthlyObligations: monthlyObligations ?? '0.00',
          },
    coverageRatio: cover,
    authority: loanApprovalAuthority(r.amount, r.currency).key,
    history,
  };
}

/** One application with its guarantors, collateral and history (404 when there is none). */
export async function getApplication(db: Database, id: number): Promise<LoanApplication> {
  const [r] = await queryRows<Row>(db, sql`select ${columns(true)} ${FROM} where a.id = ${id}`);
  if (!r) throw notFound(LOAN_APPLICATION_TEXT.notFound);
  const history = await queryRows<LoanApplication['history'][number] & Record<string, unknown>>(
    db,
    sql`select action, from_status as "fromStatus", to_status as "toStatus", actor_email as "actorEmail", reason,
          approval_id::text as "approvalId",
          to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from loan_application_events where application_id = ${id} order by id`,
  );
  return shape(r, history);
}

const SORTS: Record<LoanApplicationListQuery['sort'], SQL> = {
  created: sql`a.created_at`,
  amount: sql`a.amount`,
  status: sql`a.status`,
  id: sql`a.id`,
};

/** A page of applications, filtered and sorted in the database; `branch` is the caller's scope. */
export async function listApplications(
  db: Database,
  q: LoanApplicationListQuery,
  branch: string | undefined,
  w: PageWindow,
): Promise<Page<LoanApplication>> {
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (branch !== undefined) where.push(sql`a.branch_code = ${branch}`);
  if (q.officer) where.push(sql`a.officer_id = ${q.officer}::uuid`);
  if (q.product) where.push(sql`a.product_code = ${q.product}`);
  if (q.custId) where.push(sql`a.cust_id = ${q.custId}`);
  const cond = sql.join(where, sql` and `);
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns(false)} ${FROM} where ${cond}
        order by ${SORTS[q.sort]} ${dir}, a.id ${dir} limit ${w.limit} offset ${w.offset}`,
  );
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from loan_applications a where ${cond}`,
  );
  return { rows: rows.map((r) => shape(r, [])), total: Number(n!.n) };
}
