import { sql, type SQL } from 'drizzle-orm';
import {
  ENQUIRY_ANALYSIS_TEXT as T,
  fromCents,
  toCents,
  type Currency,
  type Snapshot,
  type SnapshotRow,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';

export interface AnalysisScope {
  /** null: every branch. */
  branch: string | null;
  product: string | null;
}

/** The filters on report_daily_positions `p`: one branch, one product, or everything. */
export const scopeOf = (s: AnalysisScope): SQL =>
  sql`${s.branch === null ? sql`true` : sql`p.branch_code = ${s.branch}`}
      and ${s.product === null ? sql`true` : sql`p.product_code = ${s.product}`}`;

/** A date after the business date has no close yet: 400 naming the field, never an empty answer. */
export async function assertNotFuture(db: Database, date: string, field: string): Promise<void> {
  const [r] = await queryRows<{ bd: string }>(db, sql`select current_business_date()::text as bd`);
  if (date > r!.bd) throw badRequest('Invalid request', [{ path: `/${field}`, message: T.future }]);
}

/**
 * Balances by branch, product and currency at the close of `date`: the aggregate end of day kept for
 * that business date, or the last one kept before it (a holiday's balances are the previous close).
 * One lookup of the day by primary key, then that day's rows (branches × products × currencies, a
 * few hundred at most): the same cost at any size of book or history.
 */
export async function snapshot(db: Database, date: string, scope: AnalysisScope): Promise<Snapshot> {
  await assertNotFuture(db, date, 'date');
  const [day] = await queryRows<{ d: string | null }>(
    db,
    sql`select max(business_date)::text as d from report_days where business_date <= ${date}::date`,
  );
  const asAt = day!.d;
  const rows =
    asAt === null
      ? []
      : await queryRows<Omit<SnapshotRow, 'kind'> & { balance: string }>(
          db,
          sql`select p.branch_code as "branchCode", b.name as "branchName", p.product_code as "productCode",
                     coalesce(pr.name, p.product_code) as "productName", p.account_type as "accountType",
                     p.currency, p.balance::text as balance, p.accounts
                from report_daily_positions p
                join branches b on b.code = p.branch_code
                left join products pr on pr.code = p.product_code
               where p.business_date = ${asAt}::date and ${scopeOf(scope)}
               order by p.branch_code, p.product_code, p.currency`,
        );
  const out: SnapshotRow[] = rows.map(({ balance, ...r }) => {
    const loan = r.accountType === 'Loan';
    // A loan account's balance is zero or below: its outstanding is shown as a positive figure.
    return { ...r, kind: loan ? 'loan' : 'deposit', amount: loan ? fromCents(-toCents(balance)) : balance };
  });
  return { date, asAt, branch: scope.branch, product: scope.product, rows: out, totals: totalsOf(out) };
}

/** Deposits and loans per currency, added in cents (never as JS numbers). */
function totalsOf(rows: SnapshotRow[]): Snapshot['totals'] {
  const by = new Map<
    string,
    { kind: 'deposit' | 'loan'; currency: Currency; cents: bigint; accounts: number }
  >();
  for (const r of rows) {
    const key = `${r.kind}:${r.currency}`;
    const t = by.get(key) ?? { kind: r.kind, currency: r.currency, cents: 0n, accounts: 0 };
    t.cents += toCents(r.amount);
    t.accounts += r.accounts;
    by.set(key, t);
  }
  return [...by.values()]
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.currency.localeCompare(b.currency))
    .map((t) => ({ kind: t.kind, currency: t.currency, amount: fromCents(t.cents), accounts: t.accounts }));
}
