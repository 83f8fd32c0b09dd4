import { sql, type SQL } from 'drizzle-orm';
import { REPORT_MAX_ROWS, type ReportParams, type ReportTable } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/*
 * The account reports new with the catalogue. Each is one set-based query over the accounts (their
 * branch, product and status indexes), capped at REPORT_MAX_ROWS + 1 rows to tell a truncated result.
 * `scope` is the branch the asker is confined to (null: every branch); it wins over the parameter.
 */

type Cells = { c: string[] };
const col = (title: string, numeric = false) => ({ title, numeric });

function filters(p: ReportParams, scope: string | null, alias = 'a'): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`true`];
  const branch = scope ?? p.branch;
  if (branch) parts.push(sql`${a}.branch_code = ${branch}`);
  if (p.product) parts.push(sql`${a}.product_code = ${p.product}`);
  return sql.join(parts, sql` and `);
}

function subtitle(p: ReportParams, scope: string | null, extra: string[] = []): string[] {
  const branch = scope ?? p.branch;
  return [
    ...extra,
    branch ? `Branch ${branch}` : 'All branches',
    ...(p.product ? [`Product ${p.product}`] : []),
  ];
}

async function table(
  db: Database,
  query: SQL,
  head: Omit<ReportTable, 'rows' | 'truncated' | 'totals'>,
  totals: (rows: string[][]) => string[][] = () => [],
): Promise<ReportTable> {
  const rows = (await queryRows<Cells>(db, sql`${query} limit ${REPORT_MAX_ROWS + 1}`)).map((r) => r.c);
  const kept = rows.slice(0, REPORT_MAX_ROWS);
  return { ...head, rows: kept, totals: totals(kept), truncated: rows.length > REPORT_MAX_ROWS };
}

/** Per-currency totals of one numeric column (cents in bigint: exact). */
function sumBy(rows: string[][], currencyAt: number, amountAt: number, width: number): string[][] {
  const sums = new Map<string, bigint>();
  for (const r of rows) {
    const [whole, frac = ''] = (r[amountAt] ?? '0').replace('-', '').split('.');
    const cents = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
    const signed = r[amountAt]!.startsWith('-') ? -cents : cents;
    sums.set(r[currencyAt]!, (sums.get(r[currencyAt]!) ?? 0n) + signed);
  }
  return [...sums].map(([cur, c]) => {
    const neg = c < 0n;
    const abs = neg ? -c : c;
    const out = Array<string>(width).fill('');
    out[0] = 'Total';
    out[currencyAt] = cur;
    out[amountAt] = `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
    return out;
  });
}

export async function accountOpenings(db: Database, p: ReportParams, scope: string | null) {
  const f = filters(p, scope);
  return table(
    db,
    sql`select array[kind, d::text, a.account_number, c.name, a.product_code, a.branch_code, a.currency, a.balance::text] as c
          from (select id, 'Opened' as kind, opened_on as d from accounts a
                 where opened_on between ${p.from}::date and ${p.to}::date and ${f}
                union all
                select id, 'Closed', closed_on from accounts a
                 where closed_on between ${p.from}::date and ${p.to}::date and ${f}) e
          join accounts a on a.id = e.id join customers c on c.cust_id = a.cust_id
         order by e.d, e.kind desc, a.account_number`,
    {
      title: 'Accounts opened and closed',
      subtitle: subtitle(p, scope, [`${p.from} to ${p.to}`]),
      columns: [
        col('Event'),
        col('Date'),
        col('Account'),
        col('Customer'),
        col('Product'),
        col('Branch'),
        col('Currency'),
        col('Balance now', true),
      ],
    },
    (rows) => [
      ['Opened', String(rows.filter((r) => r[0] === 'Opened').length), '', '', '', '', '', ''],
      ['Closed', String(rows.filter((r) => r[0] === 'Closed').length), '', '', '', '', '', ''],
    ],
  );
}

export async function dormantAccounts(db: Database, p: ReportParams, scope: string | null) {
  return table(
    db,
    sql`select array[a.account_number, c.name, a.product_code, a.branch_code, a.currency, a.balance::text,
                     coalesce(act.last_customer_activity::text, '')] as c
          from accounts a join customers c on c.cust_id = a.cust_id
          left join account_activity act on act.account_id = a.id
         where a.status = 'Dormant' and ${filters(p, scope)}
         order by a.branch_code, a.account_number`,
    {
      title: 'Dormant accounts',
      subtitle: subtitle(p, scope),
      columns: [
        col('Account'),
        col('Customer'),
        col('Product'),
        col('Branch'),
        col('Currency'),
        col('Balance', true),
        col('Last activity'),
      ],
    },
    (rows) => sumBy(rows, 4, 5, 7),
  );
}

export async function topDepositors(db: Database, p: ReportParams, scope: string | null) {
  // Per customer and currency, the deposits (accounts that are not loans, balances above zero).
  return table(
    db,
    sql`select array[rank::text, cust_id::text, name, currency, total::text, accounts::text] as c from (
          select rank() over (partition by a.currency order by sum(a.balance) desc) as rank,
                 a.cust_id, min(c.name) as name, a.currency, sum(a.balance) as total, count(*) as accounts
            from accounts a join customers c on c.cust_id = a.cust_id
           where a.account_type <> 'Loan' and a.balance > 0 and a.status <> 'Closed' and ${filters(p, scope)}
           group by a.cust_id, a.currency) t
         where rank <= 100 order by currency, rank, cust_id`,
    {
      title: 'Top depositors',
      subtitle: subtitle(p, scope, ['The 100 largest per currency, balances now']),
      columns: [
        col('Rank', true),
        col('Customer id'),
        col('Customer'),
        col('Currency'),
        col('Deposits', true),
        col('Accounts', true),
      ],
    },
  );
}

export async function overdrawnAccounts(db: Database, p: ReportParams, scope: string | null) {
  return table(
    db,
    sql`select array[a.account_number, c.name, a.product_code, a.branch_code, a.currency, a.balance::text,
                     coalesce(a.overdraft_limit::text, ''), coalesce(a.overdrawn_since::text, '')] as c
          from accounts a join customers c on c.cust_id = a.cust_id
         where a.balance < 0 and a.account_type <> 'Loan' and ${filters(p, scope)}
         order by a.balance, a.account_number`,
    {
      title: 'Overdrawn accounts',
      subtitle: subtitle(p, scope, ['Balances now']),
      columns: [
        col('Account'),
        col('Customer'),
        col('Product'),
        col('Branch'),
        col('Currency'),
        col('Balance', true),
        col('Overdraft limit', true),
        col('Overdrawn since'),
      ],
    },
    (rows) => sumBy(rows, 4, 5, 8),
  );
}

export async function feeIncome(db: Database, p: ReportParams, scope: string | null) {
  return table(
    db,
    sql`select array[a.product_code, coalesce(min(pr.name), ''), f.fee, a.currency, count(*)::text, sum(f.amount)::text] as c
          from eod_fee_charges f join accounts a on a.id = f.account_id
          left join products pr on pr.code = a.product_code
         where f.business_date between ${p.from}::date and ${p.to}::date and ${filters(p, scope)}
         group by a.product_code, f.fee, a.currency
         order by a.product_code, f.fee, a.currency`,
    {
      title: 'Fee income by product',
      subtitle: subtitle(p, scope, [`${p.from} to ${p.to}`, 'Fees charged by end of day']),
      columns: [
        col('Product'),
        col('Name'),
        col('Fee'),
        col('Currency'),
        col('Charges', true),
        col('Amount', true),
      ],
    },
    (rows) => sumBy(rows, 3, 5, 6),
  );
}
