import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountsAsOf } from '../../db/accounts-as-of.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { balancesAsOf } from '../gl-reports/index.ts';

/** A computed figure of one line in one currency, as SQL numeric text. */
export interface BaseFigure {
  template: string;
  line: string;
  currency: string;
  amount: string;
}

/** The trial balance a month's returns read, as `(code, currency, net)` rows, debit-positive. */
export async function trialBalanceRows(db: Database, date: string) {
  const rows = await balancesAsOf(db, date, await currentBusinessDate(db));
  return JSON.stringify(rows.map((r) => ({ code: r.code, currency: r.currency, net: r.net })));
}

const tbTable = (tb: string) =>
  sql`jsonb_to_recordset(${tb}::jsonb) as tb(code text, currency text, net numeric)`;

/** +1 for a debit-side line, −1 for a credit-side one: debit-positive balances read on the line's side. */
const sideFactor = sql`case l.side when 'debit' then 1 else -1 end`;

/**
 * `gl` lines: each line's mapped GL accounts' trial balance on the line's side, and every check's
 * trial balance figure, in one statement over the (small) trial balance.
 */
export async function glFigures(db: Database, tb: string) {
  const lines = await queryRows<BaseFigure & Record<string, unknown>>(
    db,
    sql`select l.template_code as template, l.line_code as line, tb.currency,
               sum(m.sign * tb.net * ${sideFactor})::numeric(18,2)::text as amount
          from return_template_lines l
          join return_gl_mappings m on m.template_code = l.template_code and m.line_code = l.line_code
          join ${tbTable(tb)} on tb.code like m.gl_pattern
         where l.kind = 'gl'
         group by l.template_code, l.line_code, tb.currency`,
  );
  // A GL account counts once per check even if two of its patterns match it.
  const checks = await queryRows<BaseFigure & Record<string, unknown>>(
    db,
    sql`select c.template_code as template, c.line_code as line, tb.currency,
               sum(tb.net * ${sideFactor})::numeric(18,2)::text as amount
          from return_template_checks c
          join return_template_lines l on l.template_code = c.template_code and l.line_code = c.line_code
          join ${tbTable(tb)} on tb.code like any (c.gl_patterns)
         group by c.template_code, c.line_code, tb.currency`,
  );
  return { lines, checks };
}

/**
 * `breakdown` lines: the customer accounts under the line's mapped control accounts whose account or
 * customer type is one of the line's values, summed on the line's side; and `exposure` lines: per
 * borrower and currency, the loans under the mapped accounts, measured against the line's percentage
 * of the capital base (the equity accounts' trial balance in that currency).
 */
export async function accountFigures(db: Database, date: string, tb: string): Promise<BaseFigure[]> {
  return queryRows<BaseFigure & Record<string, unknown>>(
    db,
    sql`with ${accountsAsOf(date)},
      breakdown as (
        select l.template_code as template, l.line_code as line, acc.currency,
               sum(acc.net * ${sideFactor}) as amount
          from return_template_lines l
          join return_gl_mappings m on m.template_code = l.template_code and m.line_code = l.line_code
          join acc on acc.ledger_code like m.gl_pattern
         where l.kind = 'breakdown'
           and (case l.attribute when 'account_type' then acc.account_type else acc.customer_type end)
               = any (l.attribute_values)
         group by l.template_code, l.line_code, acc.currency),
      capital as (
        select tb.currency, -sum(tb.net) as amount from ${tbTable(tb)} where tb.code like '3%' group by tb.currency),
      borrowers as (
        select l.template_code as template, l.line_code as line, l.measure, l.threshold_percent,
               acc.currency, acc.cust_id, sum(acc.net) as exposure
          from return_template_lines l
          join return_gl_mappings m on m.template_code = l.template_code and m.line_code = l.line_code
          join acc on acc.ledger_code like m.gl_pattern
         where l.kind = 'exposure'
         group by l.template_code, l.line_code, l.measure, l.threshold_percent, acc.currency, acc.cust_id
        having sum(acc.net) > 0),
      large as (
        select b.* from borrowers b left join capital k on k.currency = b.currency
         where b.exposure >= b.threshold_percent / 100 * greatest(coalesce(k.amount, 0), 0)),
      exposure as (
        select template, line, currency,
               case min(measure) when 'count' then count(*) when 'sum' then sum(exposure) else max(exposure) end
                 as amount
          from large group by template, line, currency)
    select template, line, currency, amount::numeric(18,2)::text as amount from breakdown
    union all
    select template, line, currency, amount::numeric(18,2)::text from exposure`,
  );
}
