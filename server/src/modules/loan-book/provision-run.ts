import { sql, type SQL } from 'drizzle-orm';
import {
  LOAN_CLASSES,
  PROVISION_TEXT as T,
  type LoanClass,
  type ProvisionRun,
  type ProvisionRunSummary,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { stillPendingSql } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';

interface RunRow extends Record<string, unknown> {
  id: number;
  as_of: string;
  month_end: boolean;
  status: 'draft' | 'pending' | 'posted';
  version: number;
  prepared_by_email: string;
  prepared_at: string;
  approval_id: string | null;
  posted_by_email: string | null;
  posted_at: string | null;
}

/**
 * A run whose posting request ended without approval is a draft again. A rejection or withdrawal sets
 * it back at once; an expired request writes nothing (ADR 0035), so the status is read through it.
 */
const stalePending = (r: SQL) =>
  sql`(${r}.status = 'pending' and not exists (select 1 from approval_requests q
        where q.id = ${r}.approval_id and ${stillPendingSql(sql.raw('q'))}))`;

const RUN_COLUMNS = sql`id, to_char(as_of, 'YYYY-MM-DD') as as_of, month_end,
  case when ${stalePending(sql.raw('loan_provision_runs'))} then 'draft' else status end as status, version,
  prepared_by_email, prepared_at::text, approval_id::text, posted_by_email, posted_at::text`;

const summary = (r: RunRow): ProvisionRunSummary => ({
  id: r.id,
  asOf: r.as_of,
  monthEnd: r.month_end,
  status: r.status,
  version: r.version,
  preparedByEmail: r.prepared_by_email,
  preparedAt: r.prepared_at,
  approvalId: r.approval_id,
  postedByEmail: r.posted_by_email,
  postedAt: r.posted_at,
});

/** The run's row, locked when asked (its computation, its posting request and its posting take turns). */
export async function runRow(db: Database, id: number, lock = false): Promise<RunRow> {
  const [r] = await queryRows<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from loan_provision_runs where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!r) throw notFound(T.notFound);
  return r;
}

/** The newest business date end of day classified the loans for (the default as-of date). */
async function newestBookDay(db: Database): Promise<string> {
  const [d] = await queryRows<{ d: string | null }>(
    db,
    sql`select to_char(max(business_date), 'YYYY-MM-DD') as d from loan_daily_status`,
  );
  if (!d?.d) throw conflict(T.noBookYet, { code: 'no_book_day' });
  return d.d;
}

/**
 * Computes (or computes again) the draft run as of a closed business date, set-based: one line per
 * loan end of day classified on that date, with its class and principal as they were then, the
 * eligible collateral (each item's forced-sale value less its haircut, from the application), the
 * class's rate and the required provision = rate × max(0, principal − collateral), to the cent. A
 * posted run or one waiting for approval is refused (409); a rerun replaces the draft's lines and
 * bumps its version, so a posting request made before it is stale.
 */
export async function computeDraft(
  tx: Database,
  asOfWanted: string | undefined,
  actor: { id: string; email: string; ip: string | null },
): Promise<number> {
  const asOf = asOfWanted ?? (await newestBookDay(tx));
  const [has] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from loan_daily_status where business_date = ${asOf}::date limit 1) x`,
  );
  if (!has || has.n === 0) throw conflict(T.noBookDay(asOf), { code: 'no_book_day' });
  // A month end: the next business date (the next day the book has, else today's) is in another month.
  const [me] = await queryRows<{ month_end: boolean }>(
    tx,
    sql`select date_trunc('month', coalesce(
               (select min(business_date) from loan_daily_status where business_date > ${asOf}::date),
               current_business_date())) <> date_trunc('month', ${asOf}::date) as month_end`,
  );
  const [run] = await queryRows<{ id: number; status: string }>(
    tx,
    sql`insert into loan_provision_runs as r (as_of, month_end, prepared_by, prepared_by_email)
        values (${asOf}::date, ${me!.month_end}, ${actor.id}::uuid, ${actor.email})
        on conflict (as_of) do update set version = r.version + 1, prepared_by = excluded.prepared_by,
          prepared_by_email = excluded.prepared_by_email, prepared_at = now(), month_end = excluded.month_end,
          status = 'draft', approval_id = null
          where r.status = 'draft' or ${stalePending(sql.raw('r'))}
        returning id, status`,
  );
  if (!run) {
    const [other] = await queryRows<{ status: string }>(
      tx,
      sql`select status from loan_provision_runs where as_of = ${asOf}::date`,
    );
    throw conflict(other?.status === 'posted' ? T.posted : T.pending, {
      code: other?.status === 'posted' ? 'run_posted' : 'run_pending',
    });
  }
  await tx.execute(sql`delete from loan_provision_lines where run_id = ${run.id}`);
  await tx.execute(sql`
    insert into loan_provision_lines (run_id, loan_id, branch_code, currency, loan_class, principal, collateral,
                                      rate_percent, required, held_before)
    select ${run.id}, s.loan_id, l.branch_code, l.currency, s.loan_class, s.principal_outstanding,
           coalesce(c.eligible, 0), r.rate_percent,
           round(r.rate_percent / 100 * greatest(0, s.principal_outstanding - coalesce(c.eligible, 0)), 2),
           l.provision_held
      from loan_daily_status s
      join loans l on l.id = s.loan_id
      join loan_provision_rates r on r.loan_class = s.loan_class
      left join lateral (
        select sum(round(k.forced_sale_value * (1 - k.haircut_percent / 100), 2)) as eligible
          from loan_application_collateral k where k.application_id = l.application_id) c on true
     where s.business_date = ${asOf}::date`);
  await writeAudit(tx, {
    action: 'loan_provision.compute',
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: 'loan_provision_run',
    targetId: String(run.id),
    details: { asOf },
  });
  return run.id;
}

/** The run with its totals by currency and class (every class shown, zero where no loan is in it). */
export async function readRun(db: Database, id: number): Promise<ProvisionRun> {
  const r = await runRow(db, id);
  const rows = await queryRows<{
    currency: string;
    loan_class: LoanClass;
    loans: number;
    principal: string;
    collateral: string;
    rate: string;
    required: string;
    held: string;
    change: string;
  }>(
    db,
    sql`select currency, loan_class, count(*)::int as loans, sum(principal)::text as principal,
               sum(collateral)::text as collateral, max(rate_percent)::text as rate,
               sum(coalesce(posted, required))::text as required, sum(held_before)::text as held,
               sum(coalesce(posted, required) - held_before)::text as change
          from loan_provision_lines where run_id = ${id} group by currency, loan_class`,
  );
  const rates = await queryRows<{ loan_class: LoanClass; rate: string }>(
    db,
    sql`select loan_class, rate_percent::text as rate from loan_provision_rates`,
  );
  const currencies = [...new Set(rows.map((x) => x.currency))].sort();
  const classes = currencies.flatMap((currency) =>
    LOAN_CLASSES.map((loanClass) => {
      const x = rows.find((y) => y.currency === currency && y.loan_class === loanClass);
      return {
        currency,
        loanClass,
        loans: x?.loans ?? 0,
        principal: x?.principal ?? '0.00',
        collateral: x?.collateral ?? '0.00',
        ratePercent: x?.rate ?? rates.find((y) => y.loan_class === loanClass)?.rate ?? '0',
        required: x?.required ?? '0.00',
        held: x?.held ?? '0.00',
        change: x?.change ?? '0.00',
      };
    }),
  );
  return { ...summary(r), classes };
}

/** The runs, newest first, one page. */
export async function listRuns(
  db: Database,
  w: { offset: number; limit: number },
): Promise<{ rows: ProvisionRunSummary[]; total: number }> {
  const rows = await queryRows<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from loan_provision_runs order by id desc limit ${w.limit} offset ${w.offset}`,
  );
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loan_provision_runs`);
  return { rows: rows.map(summary), total: n!.n };
}
