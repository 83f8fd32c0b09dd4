import { sql } from 'drizzle-orm';
import type { AccountType, Currency } from '@bankmanager/contracts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { appendAudit } from '../../src/db/audit-log.ts';
import { violatedConstraint } from '../../src/lib/db-errors.ts';
import { LedgerError } from '../../src/modules/ledger/ledger-error.ts';

let counter = 0;

/** Minimal reference data (one branch, products on the chart's control accounts) for tests that open accounts by hand. */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db.execute(
    sql`insert into branches (code, name, town) values ('T01', 'Test Branch', 'Freetown') on conflict do nothing`,
  );
  await db.execute(sql`insert into products (code, name, account_type, currency, ledger_code) values
    ('T-CUR', 'Test current', 'Current', 'SLE', '2010'), ('T-SAV', 'Test savings', 'Savings', 'SLE', '2020'),
    ('T-USD', 'Test savings USD', 'Savings', 'USD', '2021'), ('T-LOAN', 'Test loan', 'Loan', 'SLE', '1410')
    on conflict do nothing`);
}

const productFor: Record<string, string> = { Current: 'T-CUR', Savings: 'T-SAV', Loan: 'T-LOAN' };

/** Opens a customer and one account at balance 0; returns ids. */
export async function openTestAccount(
  db: Database,
  opts: {
    type?: AccountType;
    currency?: Currency;
    overdraftLimit?: string;
    status?: string;
    blockKind?: 'debit' | 'total';
  } = {},
): Promise<{ custId: number; accountId: number }> {
  await ensureReferenceData(db);
  const n = ++counter;
  const type = opts.type ?? 'Savings';
  const currency = opts.currency ?? 'SLE';
  const product = currency === 'USD' ? 'T-USD' : (productFor[type] ?? 'T-SAV');
  const [cust] = await queryRows<{ cust_id: number }>(
    db,
    sql`
    insert into customers (name, type, mobile_no, status, branch_code)
    values (${`Test Customer ${n}`}, 'private', ${`+2327600${String(n).padStart(4, '0')}`}, 'Active', 'T01')
    returning cust_id`,
  );
  const custId = Number(cust!.cust_id);
  const [acct] = await queryRows<{ id: string }>(
    db,
    sql`
    insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code, overdraft_limit, block_kind)
    values (make_account_number('900', nextval('account_serial_seq')), ${custId}, ${product}, ${type}, ${currency}, ${opts.status ?? 'Active'}, date '2026-01-01', 'T01',
            (select ledger_code from products where code = ${product}), ${opts.overdraftLimit ?? '0'}::numeric,
            case when ${opts.status ?? 'Active'} = 'Blocked' then ${opts.blockKind ?? 'debit'} end)
    returning id`,
  );
  return { custId, accountId: Number(acct!.id) };
}

/** Reads back the fields tests assert on. */
export async function accountBalance(db: Database, accountId: number): Promise<string> {
  const [r] = await queryRows<{ balance: string }>(
    db,
    sql`select balance from accounts where id = ${accountId}`,
  );
  return r!.balance;
}

/** 1900 Suspense (keeps both currencies): the other side of test postings that are not about cash. */
export const SUSPENSE_GL = '1900';

/**
 * Runs raw SQL that inserts customer lines (`transactions` rows with
 * `entry_id = currval(pg_get_serial_sequence('journal_entries', 'id'))`) inside a journal entry made in
 * the same transaction, balances it on suspense and audits it, so a raw insert the triggers accept can
 * also commit. For tests that prove what the triggers refuse.
 */
export async function withRawEntry(
  db: Database,
  insertLines: (tx: Database) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [e] = await queryRows<{ id: string }>(
      tx,
      sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_business_date(), 'raw SQL test', 'system', ${`RAW-${++counter}-${Date.now()}`})
          returning id`,
    );
    await insertLines(tx);
    await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
      select t.entry_id, ${SUSPENSE_GL}, a.currency, case when s.net > 0 then 'debit' else 'credit' end, abs(s.net)
      from (select entry_id, account_id, sum(case direction when 'credit' then amount else -amount end) as net
            from transactions where entry_id = ${e!.id} group by entry_id, account_id) s
      join transactions t on t.entry_id = s.entry_id and t.account_id = s.account_id
      join accounts a on a.id = s.account_id where s.net <> 0 group by t.entry_id, a.currency, s.net`);
    await appendAudit(tx, {
      action: 'test.raw_entry',
      outcome: 'success',
      actorEmail: 'test',
      targetType: 'journal_entry',
      details: { entryId: Number(e!.id) },
    });
  });
}

/** The column list and entry id for a raw customer line inside withRawEntry. */
export const RAW_LINE_COLUMNS = sql.raw(
  '(account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)',
);
export const RAW_ENTRY_ID = sql.raw(`currval(pg_get_serial_sequence('journal_entries', 'id'))`);

/**
 * The dashboard's running total of SLE deposits (banking_stats, kept by the posting triggers) beside
 * the same total counted from the accounts: a bulk path that skips the per-row bump must still leave
 * them equal.
 */
export async function depositTotals(db: Database): Promise<{ kept: string; counted: string }> {
  const [t] = await queryRows<{ kept: string; counted: string }>(
    db,
    sql`select (select coalesce(sum(value), 0)::numeric(18,2)::text from banking_stats
                 where metric = 'total_deposits' and currency = 'SLE') as kept,
               (select coalesce(sum(greatest(balance, 0)), 0)::numeric(18,2)::text from accounts
                 where currency = 'SLE' and account_type <> 'Loan' and status <> 'Closed') as counted`,
  );
  return t!;
}

/**
 * Rows where the accounts list's search table (account_search) differs from the accounts and their
 * holders' names it copies, counted both ways: 0 when every path that writes an account kept it.
 */
export async function accountSearchDrift(db: Database): Promise<number> {
  const [drift] = await queryRows<{ n: number }>(
    db,
    sql`with joined as (select a.id, a.account_number, a.cust_id, a.account_type, a.status, a.branch_code, a.product_code,
                               a.overdrawn_since, a.opened_on, a.maturity_date, a.balance_band, c.name
                          from accounts a join customers c on c.cust_id = a.cust_id),
             kept as (select id, account_number, cust_id, account_type, status, branch_code, product_code,
                             overdrawn_since, opened_on, maturity_date, balance_band, name from account_search)
        select count(*)::int as n from ((table joined except table kept) union all (table kept except table joined)) d`,
  );
  return drift!.n;
}

/** A posting's outcome for a refusal test: 'posted', or the LedgerError code, or the constraint named. */
export async function refusalOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    return err instanceof LedgerError ? err.code : violatedConstraint(err);
  }
  return 'posted';
}

/**
 * The constraint that refused hand-typed SQL `p` (a query error, or the COMMIT's own error for deferred
 * checks), the error's message where it names none, or 'accepted'.
 */
export async function sqlRefusalOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return violatedConstraint(err) ?? cause?.message ?? String(err);
  }
  return 'accepted';
}
