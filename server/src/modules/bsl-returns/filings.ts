import { sql } from 'drizzle-orm';
import {
  RETURNS_TEXT,
  type Page,
  type PreparedReturns,
  type ReturnFileFormat,
  type ReturnFiling,
  type ReturnFilingDetail,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';

const filingColumns = sql`id::int as id, month_end::text as "monthEnd", version, sha256,
  prepared_by as "preparedBy", approved_by as "approvedBy",
  to_char(filed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "filedAt"`;

/** Filed versions, newest month end and version first (the unique index serves the order). */
export async function listFilings(
  db: Database,
  monthEnd: string | undefined,
  w: PageWindow,
): Promise<Page<ReturnFiling>> {
  const where = monthEnd ? sql`where month_end = ${monthEnd}::date` : sql``;
  const rows = await queryRows<ReturnFiling & { total: number }>(
    db,
    sql`select ${filingColumns}, count(*) over ()::int as total from regulatory_return_filings ${where}
         order by month_end desc, version desc limit ${w.limit} offset ${w.offset}`,
  );
  const total = rows[0]?.total ?? (w.offset === 0 ? 0 : await countFilings(db, monthEnd));
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

async function countFilings(db: Database, monthEnd: string | undefined): Promise<number> {
  const where = monthEnd ? sql`where month_end = ${monthEnd}::date` : sql``;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from regulatory_return_filings ${where}`,
  );
  return r?.n ?? 0;
}

/** One filed version with its figures exactly as they were signed off. */
export async function getFiling(db: Database, id: number): Promise<ReturnFilingDetail> {
  const [row] = await queryRows<ReturnFiling & { snapshot: string }>(
    db,
    sql`select ${filingColumns}, snapshot from regulatory_return_filings where id = ${id}`,
  );
  if (!row) throw notFound(RETURNS_TEXT.filingNotFound);
  const { snapshot, ...filing } = row;
  return { ...filing, returns: JSON.parse(snapshot) as PreparedReturns };
}

/** The bytes stored at sign-off for one format, with the version they belong to. */
export async function filingFile(db: Database, id: number, format: ReturnFileFormat) {
  const column = sql.raw(format);
  const [row] = await queryRows<{ monthEnd: string; version: number; bytes: Buffer | Uint8Array }>(
    db,
    sql`select month_end::text as "monthEnd", version, ${column} as bytes from regulatory_return_filings where id = ${id}`,
  );
  if (!row) throw notFound(RETURNS_TEXT.filingNotFound);
  return { ...row, bytes: Buffer.from(row.bytes) };
}
