import { sql } from 'drizzle-orm';
import type { Page, PageQuery, StatementBatch } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { pageWindow } from '../../lib/paging.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`id, status, period_from::text as "from", period_to::text as "to", scope,
  branch_code as branch, format, accounts_total as total, accounts_done as done, error,
  requested_email as "requestedBy", ${iso('requested_at')} as "requestedAt",
  ${iso('started_at')} as "startedAt", ${iso('finished_at')} as "finishedAt",
  file_name as "fileName", size, object_path as "objectPath"`;

type Row = StatementBatch & { objectPath: string | null };

const toBatch = (r: Record<string, unknown>): Row =>
  ({
    ...r,
    id: Number(r.id),
    size: r.size === null ? null : Number(r.size),
  }) as Row;

export async function insertBatch(
  db: Database,
  b: {
    from: string;
    to: string;
    scope: string;
    branch: string | null;
    format: string;
    requestedBy: string;
    requestedEmail: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`insert into statement_batches (period_from, period_to, scope, branch_code, format, requested_by, requested_email)
        values (${b.from}, ${b.to}, ${b.scope}, ${b.branch}, ${b.format}, ${b.requestedBy}::uuid, ${b.requestedEmail})
        returning id::text`,
  );
  return Number(r!.id);
}

export async function getBatch(db: Database, id: number): Promise<Row | undefined> {
  const [r] = await queryRows(db, sql`select ${COLUMNS} from statement_batches where id = ${id}`);
  return r ? toBatch(r) : undefined;
}

/**
 * Newest first, paged in the database. `branch` undefined: every batch (a bank-wide user); otherwise
 * that branch's only (a bank-wide batch over every branch is not a branch user's to see).
 */
export async function listBatches(
  db: Database,
  q: PageQuery,
  branch: string | undefined,
): Promise<Page<StatementBatch>> {
  const { offset, limit } = pageWindow(q, 20);
  const where = branch === undefined ? sql`true` : sql`branch_code = ${branch}`;
  const rows = await queryRows(
    db,
    sql`select ${COLUMNS} from statement_batches where ${where} order by id desc limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from statement_batches where ${where}`,
  );
  return {
    rows: rows.map((r) => {
      const { objectPath: _path, ...b } = toBatch(r);
      return b;
    }),
    total: Number(n?.n ?? 0),
  };
}
