import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { autoDebitChunk } from '../../src/modules/loans/auto-debit.ts';
import type { Lane } from '../../src/modules/eod/index.ts';
import type { loanScene } from './loan-applications.ts';
import { disbursedLoan, setBusinessDate } from './loans.ts';
import { postTestEntry } from './journal-entries.ts';

const ACTOR = { id: null, email: 'eod@test' };

/**
 * The auto-debit step for one business date, chunk by chunk in id order, each chunk in its own
 * transaction as end of day runs it (small chunks, so the keyset walk is exercised). In `db` when
 * given (a property test's transaction), else in a transaction each. With `lane`, only that lane's
 * loans (ADR 0090).
 */
export async function autoDebitDay(app: App, date: string, limit = 2, db?: Database, lane?: Lane) {
  if (!db) await setBusinessDate(app, date);
  let cursor = 0;
  const failures: { accountId: number; error: string }[] = [];
  for (;;) {
    const args = { businessDate: date, through: date, cursor, limit, runId: 0, actor: ACTOR, lane };
    const r = db
      ? await autoDebitChunk(db, args)
      : await app.db.transaction((tx) => autoDebitChunk(tx, args));
    failures.push(...r.failures);
    if (r.lastId === null) return failures;
    cursor = r.lastId;
  }
}

/**
 * Puts an account where a test wants it: the overdraft limit (0 unless given), its balance by a
 * journal entry against suspense 1900, and one hold (none unless given; earlier ones released).
 */
export async function setAvailable(
  app: App,
  accountId: number,
  want: { balance: string; hold?: string; overdraft?: string },
  db: Database = app.db,
): Promise<void> {
  await db.execute(sql`update account_holds set released_at = now(), released_by = 'test', release_reason = 'test'
                        where account_id = ${accountId} and released_at is null`);
  await db.execute(
    sql`update accounts set overdraft_limit = ${want.overdraft ?? '0'}::numeric where id = ${accountId}`,
  );
  const [a] = await queryRows<{ b: string }>(
    db,
    sql`select balance::text as b from accounts where id = ${accountId}`,
  );
  const diff = toCents(want.balance) - toCents(a!.b);
  if (diff !== 0n) {
    const amount = fromCents(diff < 0n ? -diff : diff);
    const side = diff > 0n ? 'credit' : 'debit';
    // A seed entry: the test's own setting of the scene, outside the audit trail's rule.
    await postTestEntry(
      db,
      [
        { accountId, side, amount },
        { gl: '1900', side: side === 'credit' ? 'debit' : 'credit', amount, currency: 'SLE' },
      ],
      { source: 'seed' },
    );
  }
  if (want.hold)
    await db.execute(sql`insert into account_holds (account_id, amount, reason, placed_by)
                         values (${accountId}, ${want.hold}::numeric, 'test', 'test')`);
}

type Scene = Awaited<ReturnType<typeof loanScene>>;

/** An instalment's due date of a loan (the first unless told), as YYYY-MM-DD. */
export async function dueDateOf(app: App, loanId: number, instalment = 1): Promise<string> {
  const [d] = await queryRows<{ d: string }>(
    app.db,
    sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments
         where loan_id = ${loanId} and instalment_number = ${instalment}`,
  );
  return d!.d;
}

/** `n` disbursed loans, each with the id of the account it repays from. */
export async function loansWithPayAccounts(app: App, s: Scene, n: number) {
  const loans: (Awaited<ReturnType<typeof disbursedLoan>> & { payId: number })[] = [];
  for (let i = 0; i < n; i++) {
    const l = await disbursedLoan(app, s);
    const [a] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from accounts where account_number = ${l.custAccount}`,
    );
    loans.push({ ...l, payId: Number(a!.id) });
  }
  return loans;
}

/** Four loans on three repayment accounts: the fourth repays from the third's, so they share it. */
export async function sharedAccountLoans(app: App, s: Scene) {
  const loans = await loansWithPayAccounts(app, s, 4);
  const accounts = loans.slice(0, 3).map((l) => l.payId);
  await app.db.execute(
    sql`update loans set repayment_account_id = ${accounts[2]!} where id = ${loans[3]!.loanId}`,
  );
  return { loanIds: loans.map((l) => l.loanId), accounts };
}

class Undo extends Error {}

/** Runs `fn` in a savepoint of `db` (or a transaction) and rolls it back; returns what `fn` returned. */
export async function undone<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw new Undo();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Undo)) throw e;
    });
  return out as T;
}

/** `setAvailable` for several accounts at once, a hold only where one is above zero. */
export async function setAllAvailable(
  app: App,
  accountIds: readonly number[],
  wants: readonly { balance: string; hold: string; overdraft: string }[],
  db: Database,
): Promise<void> {
  for (const [k, a] of wants.entries())
    await setAvailable(
      app,
      accountIds[k]!,
      { balance: a.balance, overdraft: a.overdraft, ...(toCents(a.hold) > 0n ? { hold: a.hold } : {}) },
      db,
    );
}
