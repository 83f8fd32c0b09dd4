import { sql, type SQL } from 'drizzle-orm';
import {
  GL_REPORT_TEXT,
  type Currency,
  type GlStatement,
  type GlStatementQuery,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';

/** A download holds every line of the period; beyond this the caller is asked for a shorter one. */
export const GL_STATEMENT_EXPORT_MAX_LINES = 20_000;

interface GlAccountRow {
  code: string;
  name: string;
  class: GlStatement['class'];
  currency: 'SLE' | 'USD' | 'both';
  kind: string;
  is_control: boolean;
}

export const encodeGlCursor = (entryId: string, lineId: string) =>
  Buffer.from(`${entryId}|${lineId}`).toString('base64url');

function decodeGlCursor(raw: string): { entryId: string; lineId: string } {
  const m = /^(\d{1,18})\|(\d{1,18})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m) throw badRequest('Invalid cursor: use the next_cursor value from the previous page.');
  return { entryId: m[1]!, lineId: m[2]! };
}

/**
 * The lines of one GL account in one currency as (id, entry_id, side, amount). A control account takes
 * no direct line: its lines are its customer accounts' postings (a customer credit is a credit to it).
 */
function linesOf(a: GlAccountRow, currency: Currency): SQL {
  return a.is_control
    ? sql`select t.id, t.entry_id, t.direction as side, t.amount
          from transactions t join accounts ac on ac.id = t.account_id
          where ac.ledger_code = ${a.code} and ac.currency = ${currency}`
    : sql`select l.id, l.entry_id, l.side, l.amount from gl_lines l
          where l.gl_code = ${a.code} and l.currency = ${currency}`;
}

/** The balance now, debit-positive: the sub-ledger's sum for a control account, else its lines' sum. */
function balanceNow(a: GlAccountRow, currency: Currency): SQL {
  return a.is_control
    ? sql`select coalesce(-sum(balance), 0) from accounts where ledger_code = ${a.code} and currency = ${currency}`
    : sql`select coalesce(sum(case side when 'debit' then amount else -amount end), 0)
          from gl_lines where gl_code = ${a.code} and currency = ${currency}`;
}

/**
 * One keyset page of a GL account's lines over the business dates [from, to], in posting order
 * (entry id, line id), with the opening balance (now minus everything posted from `from` on: cheap for
 * recent periods), the closing balance and each line's running balance.
 */
export async function buildGlStatement(
  db: Database,
  code: string,
  q: Omit<GlStatementQuery, 'format'>,
  exportAll = false,
): Promise<GlStatement> {
  const after = q.cursor === undefined ? null : decodeGlCursor(q.cursor);
  const [a] = await queryRows<GlAccountRow & Record<string, unknown>>(
    db,
    sql`select code, name, class, currency, kind, is_control from gl_accounts where code = ${code}`,
  );
  if (!a) throw notFound(GL_REPORT_TEXT.glAccountNotFound(code));
  if (a.kind !== 'account') throw badRequest(`${code} is a ${a.kind} of the chart: choose an account.`);
  const currency: Currency = a.currency === 'both' ? (q.currency ?? 'SLE') : a.currency;
  if (q.currency !== undefined && q.currency !== currency) {
    throw badRequest(`GL account ${code} is kept in ${currency} only.`, { currency: 'not_kept' });
  }
  const signed = sql`case l.side when 'debit' then l.amount else -l.amount end`;
  const inPeriod = sql`e.business_date between ${q.from}::date and ${q.to}::date`;
  const [sums] = await queryRows<{ opening: string; closing: string; before: string }>(
    db,
    sql`with l as (${linesOf(a, currency)}),
        since as (select l.*, e.business_date from l join journal_entries e on e.id = l.entry_id
                  where e.business_date >= ${q.from}::date)
        select ((${balanceNow(a, currency)}) - coalesce((select sum(${signed}) from since l), 0))::numeric(18,2)::text as opening,
               coalesce((select sum(${signed}) from since l where l.business_date <= ${q.to}::date), 0)::numeric(18,2)::text as closing,
               coalesce((select sum(${signed}) from since l where l.business_date <= ${q.to}::date
                   and ${after === null ? sql`false` : sql`(l.entry_id, l.id) <= (${after?.entryId ?? 0}::bigint, ${after?.lineId ?? 0}::bigint)`}), 0)::numeric(18,2)::text as before`,
  );
  const limit = exportAll ? GL_STATEMENT_EXPORT_MAX_LINES + 1 : q.limit + 1;
  const rows = await queryRows<GlStatement['lines'][number] & Record<string, unknown>>(
    db,
    sql`with l as (${linesOf(a, currency)})
        select l.id::text as line_id, l.entry_id::text as entry_id, e.business_date::text as business_date,
               e.narration, e.reference, e.source,
               case l.side when 'debit' then l.amount::text end as debit,
               case l.side when 'credit' then l.amount::text end as credit,
               (${sums!.opening}::numeric + ${sums!.before}::numeric
                 + sum(${signed}) over (order by l.entry_id, l.id))::numeric(18,2)::text as balance
        from l join journal_entries e on e.id = l.entry_id
        where ${inPeriod}
          and ${after === null ? sql`true` : sql`(l.entry_id, l.id) > (${after?.entryId ?? 0}::bigint, ${after?.lineId ?? 0}::bigint)`}
        order by l.entry_id, l.id
        limit ${limit}`,
  );
  if (exportAll && rows.length > GL_STATEMENT_EXPORT_MAX_LINES) {
    throw badRequest(
      `This period has more than ${GL_STATEMENT_EXPORT_MAX_LINES} lines: choose a shorter period to download.`,
      { code: 'too_many_lines' },
    );
  }
  const more = !exportAll && rows.length > q.limit;
  const lines = more ? rows.slice(0, q.limit) : rows;
  const last = lines.at(-1);
  const opening = sums!.opening;
  return {
    code: a.code,
    name: a.name,
    class: a.class,
    currency,
    from: q.from,
    to: q.to,
    opening_balance: opening,
    closing_balance: (
      await queryRows<{ v: string }>(
        db,
        sql`select (${opening}::numeric + ${sums!.closing}::numeric)::text as v`,
      )
    )[0]!.v,
    lines,
    next_cursor: more && last ? encodeGlCursor(last.entry_id, last.line_id) : null,
  };
}
