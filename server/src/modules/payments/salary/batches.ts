import { sql, type SQL } from 'drizzle-orm';
import { toCents, type Page, type SalaryBatch, type SalaryBatchStatus } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { availableOf } from '../accounts.ts';
import { shownStatusSql } from '../../approvals/index.ts';

interface BatchRow extends Record<string, unknown> {
  id: string;
  reference: string;
  employer_account: string;
  employer_holder: string;
  currency: SalaryBatch['currency'];
  branch: string;
  narration: string;
  status: SalaryBatchStatus;
  line_count: string;
  problem_count: string;
  total: string;
  available: string;
  maker_email: string;
  created_at: string | Date;
  approval_id: string | null;
  approval_status: string | null;
  entry_id: string | null;
  problems: Record<string, number> | null;
  version: number;
}

// The counts come from the lines (one pass each over the batch's primary key range).
const batchColumns = sql`b.id::text as id, b.reference, a.account_number as employer_account, c.name as employer_holder,
  b.currency, b.branch_code as branch, b.narration, b.status, b.maker_email, b.created_at, b.version,
  b.approval_id::text as approval_id, b.entry_id::text as entry_id,
  ${shownStatusSql(sql`r`)} as approval_status,
  ${availableOf(sql`a`)} as available,
  s.line_count, s.problem_count, s.total, s.problems`;

const batchFrom = sql`salary_batches b join accounts a on a.id = b.employer_account_id
  join customers c on c.cust_id = a.cust_id
  left join approval_requests r on r.id = b.approval_id
  cross join lateral (
    select count(*) as line_count, count(*) filter (where l.problem is not null) as problem_count,
           coalesce(sum(l.amount) filter (where l.problem is null), 0)::numeric(18,2)::text as total,
           (select json_object_agg(p.problem, p.n) from (select problem, count(*) as n from salary_batch_lines
              where batch_id = b.id and problem is not null group by problem) p) as problems
    from salary_batch_lines l where l.batch_id = b.id) s`;

const toBatch = (r: BatchRow): SalaryBatch & { version: number } => ({
  id: r.id,
  reference: r.reference,
  employer_account: r.employer_account,
  employer_holder: r.employer_holder,
  currency: r.currency,
  branch: r.branch,
  narration: r.narration,
  status: r.status,
  line_count: Number(r.line_count),
  problem_count: Number(r.problem_count),
  total: r.total,
  available: r.available,
  over_available: toCents(r.total) > toCents(r.available),
  maker_email: r.maker_email,
  created_at: new Date(r.created_at).toISOString(),
  approval_id: r.approval_id,
  approval_status: r.approval_status,
  entry_id: r.entry_id,
  problems: Object.fromEntries(Object.entries(r.problems ?? {}).map(([k, v]) => [k, Number(v)])),
  version: Number(r.version),
});

export async function getBatch(
  db: Database,
  id: number,
): Promise<(SalaryBatch & { version: number }) | null> {
  const [r] = await queryRows<BatchRow>(db, sql`select ${batchColumns} from ${batchFrom} where b.id = ${id}`);
  return r ? toBatch(r) : null;
}

export async function batchIdByReference(db: Database, reference: string): Promise<number | null> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`select id from salary_batches where reference = ${reference}`,
  );
  return r ? Number(r.id) : null;
}

/** A page of batches, newest first, in the caller's branch unless they work in every branch. */
export async function listBatches(
  db: Database,
  q: { page?: number; pageSize?: number; status?: SalaryBatchStatus },
  branch: string | null,
): Promise<Page<SalaryBatch>> {
  const where: SQL[] = [];
  if (q.status) where.push(sql`b.status = ${q.status}`);
  if (branch !== null) where.push(sql`b.branch_code = ${branch}`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { offset, limit } = pageWindow(q, 20);
  const rows = await queryRows<BatchRow>(
    db,
    sql`select ${batchColumns} from ${batchFrom} ${cond} order by b.id desc limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from salary_batches b ${cond}`);
  return { rows: rows.map((r) => strip(toBatch(r))), total: Number(n!.n) };
}

/** The batch as the API shows it (its version stays inside). */
export const strip = ({ version: _v, ...b }: SalaryBatch & { version: number }): SalaryBatch => b;

/** Locks the batch row for a change to it or its lines. */
export async function lockBatch(
  tx: Database,
  id: number,
): Promise<{ status: SalaryBatchStatus; version: number; branch: string; approvalId: string | null } | null> {
  const [r] = await queryRows<{
    status: SalaryBatchStatus;
    version: number;
    branch_code: string;
    approval_id: string | null;
  }>(
    tx,
    sql`select status, version, branch_code, approval_id::text as approval_id from salary_batches where id = ${id} for update`,
  );
  return r
    ? { status: r.status, version: Number(r.version), branch: r.branch_code, approvalId: r.approval_id }
    : null;
}

/** A new draft batch for an employer account; answers its id. */
export async function insertBatch(
  tx: Database,
  b: {
    reference: string;
    employer: { id: number; currency: string; branch: string };
    narration: string;
    maker: { id: string; email: string };
  },
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into salary_batches (reference, employer_account_id, currency, branch_code, narration, maker_id, maker_email)
        values (${b.reference}, ${b.employer.id}, ${b.employer.currency}, ${b.employer.branch}, ${b.narration},
                ${b.maker.id}::uuid, ${b.maker.email})
        returning id`,
  );
  return Number(row!.id);
}

/** Every change to a draft's lines makes a new version (an approval asked for an older one is refused). */
export async function bumpVersion(tx: Database, id: number): Promise<void> {
  await tx.execute(sql`update salary_batches set version = version + 1 where id = ${id}`);
}
