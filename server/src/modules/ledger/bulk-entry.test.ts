import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import {
  accountBalance,
  accountSearchDrift,
  depositTotals,
  openTestAccount,
  refusalOf,
} from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { writeAudit } from '../audit/index.ts';
import { postBulkEntry } from './post-bulk-entry.ts';

/**
 * The set-based path (ADR 0024): a bulk entry's lines are checked by the statement-level trigger with
 * the row trigger's rules, so it refuses what a single posting is refused, and setting
 * ledger.bulk_entry by hand skips nothing.
 */
describe('postBulkEntry and the statement-level posting guard', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const accounts = async (k: number, o: Parameters<typeof openTestAccount>[1] = {}) =>
    Promise.all(Array.from({ length: k }, async () => (await openTestAccount(t.app.db, o)).accountId));
  const rowsOf = (ids: number[], amount: string) =>
    sql`select * from (values ${sql.join(
      ids.map((id) => sql`(${id}::bigint, ${amount}::numeric, null::text)`),
      sql`, `,
    )}) as r(account_id, amount, description)`;
  const bulk = (ids: number[], side: 'credit' | 'debit', amount: string, db = t.app.db) =>
    postBulkEntry(db, {
      source: 'system',
      narration: 'Bulk test',
      reference: `BULK-${++n}`,
      lines: [
        {
          glCode: '1900',
          currency: 'SLE',
          side: side === 'credit' ? 'debit' : 'credit',
          amount: (Number(amount) * ids.length).toFixed(2),
        },
      ],
      bulk: { side, rows: rowsOf(ids, amount) },
      audit: { action: 'test.bulk', targetType: 'test', targetId: 'bulk' },
    });
  const violations = () => queryRows(t.app.db, sql`select problem from ledger_violations()`);

  it('posts every line in one statement, with balances, history order and one audit row', async () => {
    const ids = await accounts(3);
    const posted = await bulk(ids, 'credit', '12.50');
    expect(posted.bulkLines).toBe(3);
    expect(await Promise.all(ids.map((id) => accountBalance(t.app.db, id)))).toEqual([
      '12.50',
      '12.50',
      '12.50',
    ]);
    const again = await bulk(ids, 'credit', '1.00');
    expect(again.bulkLines).toBe(3);
    expect(await accountBalance(t.app.db, ids[0]!)).toBe('13.50');
    expect(await violations()).toEqual([]);
  });

  it('updates every account of a page in place, as end of day credits a chunk (a HOT update)', async () => {
    // End of day credits a chunk of accounts in id order in one transaction: every row of a page gets a
    // new version before any old one can be pruned, so the page must hold both (ADR 0079). At
    // fillfactor 85 most found no room (38 of 90 here) and wrote into every index of accounts instead.
    const ids = await accounts(90);
    const moved = await t.app.db.transaction(async (tx) => {
      // The "xact" counters also hold this connection's counts not yet reported: compare before and after.
      const counts = async () =>
        (
          await queryRows<{ updated: number; hot: number }>(
            tx,
            sql`select pg_stat_get_xact_tuples_updated('accounts'::regclass)::int as updated,
                       pg_stat_get_xact_tuples_hot_updated('accounts'::regclass)::int as hot`,
          )
        )[0]!;
      const before = await counts();
      await bulk(ids, 'credit', '0.01', tx); // a cent moves no balance band: only the pages' room decides
      const after = await counts();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(moved).toEqual({ updated: ids.length, hot: ids.length });
  });

  it('refuses what a single posting is refused, and posts none of the batch', async () => {
    const [open] = await accounts(1);
    const [closed] = await accounts(1, { status: 'Closed' });
    const [blocked] = await accounts(1, { status: 'Blocked', blockKind: 'debit' });
    expect(await refusalOf(bulk([open!, closed!], 'credit', '5'))).toBe('account_closed');
    expect(await refusalOf(bulk([open!, blocked!], 'debit', '1'))).toBe('debit_blocked');
    expect(await refusalOf(bulk([open!], 'debit', '1'))).toBe('insufficient_funds');
    // Funds, but held: a debit may not eat into a hold.
    await bulk([open!], 'credit', '10');
    await t.app.db.execute(
      sql`insert into account_holds (account_id, amount, reason, placed_by) values (${open!}, 8, 'test', 'test')`,
    );
    expect(await refusalOf(bulk([open!], 'debit', '3'))).toBe('insufficient_available');
    expect((await bulk([open!], 'debit', '2')).bulkLines).toBe(1);
    expect(await accountBalance(t.app.db, open!)).toBe('8.00');
    expect(await violations()).toEqual([]);
  });

  it('checks rows by hand under ledger.bulk_entry too: a wrong running balance, an account twice', async () => {
    const [a] = await accounts(1);
    const attempt = (values: ReturnType<typeof sql>) =>
      t.app.db
        .transaction(async (tx) => {
          const [e] = await queryRows<{ id: string }>(
            tx,
            sql`insert into journal_entries (business_date, value_date, narration, source, reference)
                values (current_business_date(), current_business_date(), 'by hand', 'system', ${`HAND-${++n}`}) returning id`,
          );
          await tx.execute(sql`select set_config('ledger.bulk_entry', ${e!.id}, true)`);
          await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
            select v.account_id, clock_timestamp(), current_date, 'x', v.amount, 'credit', v.after, 'HAND', ${e!.id}::bigint
            from (${values}) v`);
        })
        .then(
          () => 'posted',
          (err: unknown) => violatedConstraint(err),
        );
    expect(
      await attempt(sql`select ${a}::bigint as account_id, 5::numeric as amount, 999::numeric as after`),
    ).toBe('transactions_running_balance');
    expect(
      await attempt(sql`select ${a}::bigint as account_id, 5::numeric as amount, 5::numeric as after
                        union all select ${a}::bigint, 5::numeric, 10::numeric`),
    ).toBe('transactions_running_balance');
    expect(await accountBalance(t.app.db, a!)).toBe('0.00');
  });

  it('keeps the dashboard totals exact and the search rows’ bands: the statement applies them once, as the row triggers would', async () => {
    // The counters the dashboard reads (banking_stats, kept by accounts_stats) against a count of the
    // accounts themselves; the bulk trigger skips the per-row bump and applies the sum per statement.
    const ids = await accounts(5);
    await bulk(ids, 'credit', '40.00');
    await bulk(ids.slice(0, 2), 'debit', '15.00');
    const after = await depositTotals(t.app.db);
    expect(after.kept).toBe(after.counted);
    // Every band moved (from 0.00): the accounts list's search row follows it (migration 0116).
    expect(await accountSearchDrift(t.app.db)).toBe(0);
  });
  it('per account (end of day): finds the lines the trigger refuses, records them, and posts the rest with GL lines summed from what posted', async () => {
    const good = await accounts(5);
    const closed = (await openTestAccount(t.app.db, { status: 'Closed' })).accountId;
    const frozen = (await openTestAccount(t.app.db, { status: 'Blocked', blockKind: 'total' })).accountId;
    // Neither refusal is marked beforehand: the first statement fails, and halving finds both.
    const all = [good[0]!, closed, ...good.slice(1, 3), frozen, ...good.slice(3)];
    const recorded: { accountId: number; error: string }[] = [];
    const r = await t.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temp table bulk_stage (account_id bigint, amount numeric, refused boolean) on commit drop`,
      );
      await tx.execute(
        sql`insert into bulk_stage select unnest(${`{${all.join(',')}}`}::bigint[]), 2.50, false`,
      );
      const posted = await postBulkEntry(tx, {
        source: 'end_of_day',
        businessDate: (await queryRows<{ d: string }>(tx, sql`select current_business_date()::text as d`))[0]!
          .d,
        narration: 'Per-account test',
        reference: `BULK-${++n}`,
        description: 'Test credit',
        actor: { id: null, email: 'test@bankmanager.sl' },
        currency: 'SLE',
        rows: sql`select account_id, 'credit' as side, amount from bulk_stage where not refused`,
        gl: sql`select '1900', 'debit', amount from bulk_stage where not refused`,
        recordRefused: async (sp, lines) => {
          recorded.push(...lines);
          await sp.execute(
            sql`update bulk_stage set refused = true where account_id = any(${`{${lines.map((l) => l.accountId).join(',')}}`}::bigint[])`,
          );
        },
      });
      // The per-account path leaves the audit row to its caller's transaction (end of day's step).
      await writeAudit(tx, {
        action: 'test.bulk',
        outcome: 'success',
        actorEmail: 'test@bankmanager.sl',
        targetType: 'test',
        targetId: 'bulk',
        details: { entryId: posted.entryId },
      });
      return posted;
    });
    expect(r.posted).toBe(5);
    expect(r.refused.map((l) => l.accountId).sort()).toEqual([closed, frozen].sort());
    expect(recorded).toEqual(r.refused);
    expect(r.refused.every((l) => /account/i.test(l.error))).toBe(true);
    expect(await Promise.all(good.map((id) => accountBalance(t.app.db, id)))).toEqual(Array(5).fill('2.50'));
    const [gl] = await queryRows<{ amount: string }>(
      t.app.db,
      sql`select sum(amount)::text as amount from gl_lines where entry_id = ${r.entryId}`,
    );
    expect(gl!.amount).toBe('12.50');
    expect(await violations()).toEqual([]);
  });
});
