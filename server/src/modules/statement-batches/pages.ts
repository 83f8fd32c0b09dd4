import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PrintableStatement, StatementLine } from '../accounts/index.ts';

/** What a batch prints: the period, and which accounts (a branch's, or those with postings in it). */
export interface BatchSelection {
  from: string;
  to: string;
  scope: 'branch' | 'activity';
  /** null: every branch. */
  branch: string | null;
}

/** Where the last page ended, in the walk's order (branch, then account number). */
export interface PageCursor {
  branch: string;
  accountNumber: string;
}

// Whole days, UTC (Sierra Leone's own time zone), as the single statement reads them.
const start = (s: BatchSelection) => sql`${s.from}::date::timestamp at time zone 'UTC'`;
const end = (s: BatchSelection) => sql`(${s.to}::date + 1)::timestamp at time zone 'UTC'`;

/**
 * The accounts a batch prints. "Every account of the branch" is every account open at some time in the
 * period (opened by its end, not closed before its start; never an application that was not opened);
 * "with activity" is every account with a posting in the period, found through the account's history
 * index (one probe per account, in the walk's order, so no sort over the period's postings).
 */
function selected(s: BatchSelection): SQL {
  const branch = s.branch === null ? sql`true` : sql`a.branch_code = ${s.branch}`;
  const who =
    s.scope === 'activity'
      ? sql`exists (select 1 from transactions t where t.account_id = a.id
                      and t.posted_at >= ${start(s)} and t.posted_at < ${end(s)})`
      : sql`a.opened_on <= ${s.to}::date and (a.closed_on is null or a.closed_on >= ${s.from}::date)
            and a.status not in ('Submitted', 'Approved', 'Rejected')`;
  return sql`${branch} and ${who}`;
}

/** How many statements the batch will print (its progress bar's end). */
export async function countSelected(db: Database, s: BatchSelection): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from accounts a where ${selected(s)}`,
  );
  return Number(r?.n ?? 0);
}

interface AccountRow extends Record<string, unknown> {
  id: string;
  accountNumber: string;
  accountName: string;
  accountType: string;
  currency: string;
  branch: string;
  branchCode: string;
  branchTown: string;
  opening: string | null;
  credits: string;
  debits: string;
  closing: string;
}

/**
 * The next page of statements after `after`: the accounts by keyset on (branch, number), then their
 * opening balances, totals and lines in two set-based reads (not three queries per account). Amounts
 * stay decimal strings computed in SQL numeric.
 */
export async function statementPage(
  db: Database,
  s: BatchSelection,
  after: PageCursor | null,
  size: number,
): Promise<PrintableStatement[]> {
  const keyset =
    after === null
      ? sql`true`
      : sql`(a.branch_code, a.account_number) > (${after.branch}, ${after.accountNumber})`;
  const accounts = await queryRows<AccountRow>(
    db,
    sql`with page as (
          select a.id, a.account_number, a.cust_id, a.account_type, a.currency, a.branch_code
          from accounts a where ${selected(s)} and ${keyset}
          order by a.branch_code, a.account_number limit ${size})
        select p.id::text as id, p.account_number as "accountNumber", c.name as "accountName",
               p.account_type as "accountType", p.currency, b.name as branch, b.code as "branchCode",
               b.town as "branchTown", o.balance as opening,
               coalesce(m.credits, 0)::numeric(18,2)::text as credits,
               coalesce(m.debits, 0)::numeric(18,2)::text as debits,
               (coalesce(o.balance::numeric, 0) + coalesce(m.net, 0))::numeric(18,2)::text as closing
        from page p
        join customers c on c.cust_id = p.cust_id
        join branches b on b.code = p.branch_code
        left join lateral (
          select t.balance_after::text as balance from transactions t
          where t.account_id = p.id and t.posted_at < ${start(s)}
          order by t.posted_at desc, t.id desc limit 1) o on true
        left join lateral (
          select sum(t.amount) filter (where t.direction = 'credit') as credits,
                 sum(t.amount) filter (where t.direction = 'debit') as debits,
                 sum(case t.direction when 'credit' then t.amount else -t.amount end) as net
          from transactions t
          where t.account_id = p.id and t.posted_at >= ${start(s)} and t.posted_at < ${end(s)}) m on true
        order by p.branch_code, p.account_number`,
  );
  if (accounts.length === 0) return [];
  const ids = `{${accounts.map((a) => a.id).join(',')}}`;
  const lines = await queryRows<StatementLine & { accountId: string } & Record<string, unknown>>(
    db,
    sql`select t.account_id::text as "accountId",
               to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as date,
               to_char(t.value_date, 'YYYY-MM-DD') as "valueDate", t.description, t.reference,
               t.direction as type, t.amount::text as amount, t.balance_after::text as balance
        from transactions t
        where t.account_id = any(${ids}::bigint[]) and t.posted_at >= ${start(s)} and t.posted_at < ${end(s)}
        order by t.account_id, t.posted_at, t.id`,
  );
  const byAccount = new Map<string, StatementLine[]>();
  for (const { accountId, ...line } of lines) {
    const list = byAccount.get(accountId);
    if (list) list.push(line);
    else byAccount.set(accountId, [line]);
  }
  const generatedAt = new Date().toISOString();
  return accounts.map((a) => ({
    account: {
      accountNumber: a.accountNumber,
      accountName: a.accountName,
      accountType: a.accountType,
      currency: a.currency as PrintableStatement['account']['currency'],
      branch: a.branch,
      branchCode: a.branchCode,
      branchTown: a.branchTown,
    },
    from: s.from,
    to: s.to,
    openingBalance: a.opening ?? '0.00',
    closingBalance: a.closing,
    totalCredits: a.credits,
    totalDebits: a.debits,
    lines: byAccount.get(a.id) ?? [],
    generatedAt,
  }));
}
