import { sql } from 'drizzle-orm';
import { CURRENCIES, type BalanceSheet, type Currency, type IncomeStatement } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balancesAsOf, currenciesTable, currentBusinessDate, type NetBalance } from './balances.ts';

type Figure = { class: string; currency: string; amount: string };

/**
 * Amounts on each account's normal side (assets and expenses debit, the rest credit), the totals per
 * class and currency, and income − expenses per currency — all summed in SQL numeric.
 */
async function onNormalSide(db: Database, balances: NetBalance[]) {
  const rows = await queryRows<NetBalance & { amount: string } & Record<string, unknown>>(
    db,
    sql`select r.code, r.name, r.class, r.currency,
               (case when r.class in ('asset', 'expense') then r.net else -r.net end)::numeric(18,2)::text as amount
        from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb)
             as r(code text, name text, class text, currency text, net numeric)
        order by r.code, r.currency`,
  );
  const totals = await queryRows<Figure & Record<string, unknown>>(
    db,
    sql`select r.class, r.currency, sum(r.amount)::numeric(18,2)::text as amount
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(class text, currency text, amount numeric)
        group by r.class, r.currency
        order by array_position(array['asset','liability','equity','income','expense'], r.class), r.currency`,
  );
  const earnings = await queryRows<{ currency: Currency; amount: string }>(
    db,
    sql`select c.currency, coalesce(sum(case r.class when 'income' then r.amount when 'expense' then -r.amount end), 0)::numeric(18,2)::text as amount
        from ${currenciesTable}
        left join jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(class text, currency text, amount numeric)
          on r.currency = c.currency
        group by c.currency order by c.currency`,
  );
  return { rows, totals, earnings };
}

const total = (totals: Figure[], cls: string, currency: string) =>
  totals.find((t) => t.class === cls && t.currency === currency)?.amount ?? '0.00';

/** The balance sheet at the end of `date`; income and expenses show as current-period earnings. */
export async function buildBalanceSheet(db: Database, date: string): Promise<BalanceSheet> {
  const balances = await balancesAsOf(db, date, await currentBusinessDate(db));
  const { rows, totals, earnings } = await onNormalSide(db, balances);
  const sheet = (r: { class: string }) => ['asset', 'liability', 'equity'].includes(r.class);
  // Assets = liabilities + equity + earnings, compared in cents (integers) to stay exact.
  const cents = (v: string) => BigInt(v.replace('.', ''));
  const balanced = CURRENCIES.every(
    (c) =>
      cents(total(totals, 'asset', c)) ===
      cents(total(totals, 'liability', c)) +
        cents(total(totals, 'equity', c)) +
        cents(earnings.find((e) => e.currency === c)!.amount),
  );
  return {
    date,
    rows: rows.filter(sheet),
    class_totals: totals.filter(sheet) as BalanceSheet['class_totals'],
    current_earnings: earnings,
    balanced,
  };
}

/**
 * Income and expenses for the business dates [from, to]: the lines of income and expense accounts
 * only (customer accounts are never income or expense), found through journal_entries(business_date).
 */
export async function buildIncomeStatement(
  db: Database,
  from: string | undefined,
  to: string,
): Promise<IncomeStatement> {
  const movements = await queryRows<NetBalance & Record<string, unknown>>(
    db,
    sql`select g.code, g.name, g.class, l.currency,
               sum(case l.side when 'debit' then l.amount else -l.amount end)::numeric(18,2)::text as net
        from journal_entries e
        join gl_lines l on l.entry_id = e.id
        join gl_accounts g on g.code = l.gl_code and g.class in ('income', 'expense')
        where e.business_date <= ${to}::date and (${from ?? null}::date is null or e.business_date >= ${from ?? null}::date)
        group by g.code, g.name, g.class, l.currency
        having sum(case l.side when 'debit' then l.amount else -l.amount end) <> 0`,
  );
  const { rows, totals, earnings } = await onNormalSide(db, movements);
  return {
    from: from ?? null,
    to,
    rows: rows,
    class_totals: totals as IncomeStatement['class_totals'],
    net_income: earnings,
  };
}
