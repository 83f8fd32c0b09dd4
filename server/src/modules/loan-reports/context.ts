import { sql, type SQL } from 'drizzle-orm';
import type { LoanReportColumn, LoanReportQuery, LoanReportRow } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';

/** What every report builder is handed: the date, the caller's branch scope, the page and the sort. */
export interface ReportContext {
  db: Database;
  date: string;
  /** Null: the whole bank. */
  branch: string | null;
  query: LoanReportQuery;
  /** Null: the whole list (CSV, PDF, XLSX). */
  page: { offset: number; limit: number } | null;
  userId: string;
}

/** A builder's result; the route adds the report id, title and date. */
export interface Built {
  subtitle: string[];
  columns: LoanReportColumn[];
  rows: LoanReportRow[];
  totals: LoanReportRow[];
  notes: string[];
  total: number;
  reconciliation?: {
    label: string;
    glCodes: string[];
    currency: string;
    report: string;
    ledger: string;
    difference: string;
  }[];
}

/** `and l.branch_code = …` when the caller sees one branch (`l` the loans row). */
export const branchFilter = (c: ReportContext): SQL =>
  c.branch === null ? sql`` : sql`and l.branch_code = ${c.branch}`;

/** limit/offset of a page, nothing for a whole export. */
export const pageClause = (c: ReportContext): SQL =>
  c.page ? sql`limit ${c.page.limit} offset ${c.page.offset}` : sql``;

/**
 * The ORDER BY of a paged list: the asked column if the report allows it, else its default, always
 * ending on the loan id so pages never overlap.
 */
export function orderBy(c: ReportContext, allowed: Record<string, SQL>, fallback: string): SQL {
  const key = c.query.sort && allowed[c.query.sort] ? c.query.sort : fallback;
  const dir = c.query.order === 'asc' ? sql`asc` : sql`desc`;
  return sql`order by ${allowed[key]!} ${dir} nulls last, l.id ${dir}`;
}

export const scopeLine = (c: ReportContext): string =>
  c.branch === null ? 'All branches' : `Branch ${c.branch}`;

/** 100 × part ÷ whole to 2 places, as SQL text ('0.00' on an empty whole). */
export const pct = (part: SQL, whole: SQL): SQL =>
  sql`coalesce(round(100 * (${part}) / nullif(${whole}, 0), 2), 0)::numeric(9,2)::text`;
