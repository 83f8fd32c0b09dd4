import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { JournalSource } from '@bankmanager/contracts';
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
import { postManyEntries, type ManyEntry } from './bulk-many-entries.ts';

/**
 * The many-entries posting checked once per statement (ADR 0072): transactions_post_many refuses what
 * a single posting is refused, continues an account's balance across the entries that name it, keeps
 * the dashboard's totals, and declaring the range by hand skips no rule.
 */
describe('postManyEntries and the many-entries statement guard', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const open = async (o: Parameters<typeof openTestAccount>[1] = {}) =>
    (await openTestAccount(t.app.db, o)).accountId;
  /** One entry moving `amount` between a customer account and suspense (GL 1900). */
  const entry = (accountId: number, side: 'credit' | 'debit', amount: string): ManyEntry => {
    const reference = `MANY-${++n}`;
    return {
      reference,
      narration: 'Many test',
      lines: [
        { accountId, side, amount },
        { glCode: '1900', currency: 'SLE', side: side === 'credit' ? 'debit' : 'credit', amount },
      ],
      audit: { targetId: reference, details: {} },
    };
  };
  const post = (entries: ManyEntry[], source: JournalSource = 'system') =>
    postManyEntries(t.app.db, { source, audit: { action: 'test.many', targetType: 'test' }, entries });
  const violations = () => queryRows(t.app.db, sql`select problem from ledger_violations()`);
  const history = async (accountId: number) =>
    (
      await queryRows<{ amount: string; direction: string; balance_after: string }>(
        t.app.db,
        sql`select amount::text, direction, balance_after::text from transactions
             where account_id = ${accountId} order by posted_at, id`,
      )
    ).map((r) => `${r.direction} ${r.amount} → ${r.balance_after}`);

  it('continues one account across the entries that name it, in entry order', async () => {
    const a = await open();
    const b = await open();
    const made = await post([
      entry(a, 'credit', '100.00'),
      entry(b, 'credit', '5.00'),
      entry(a, 'debit', '30.00'),
    ]);
    expect(made.size).toBe(3);
    expect(await history(a)).toEqual(['credit 100.00 → 100.00', 'debit 30.00 → 70.00']);
    expect(await accountBalance(t.app.db, a)).toBe('70.00');
    expect(await accountBalance(t.app.db, b)).toBe('5.00');
    // A debit in a later statement continues from there through the row trigger as before.
    await post([entry(a, 'debit', '70.00')]);
    expect(await accountBalance(t.app.db, a)).toBe('0.00');
    expect(await violations()).toEqual([]);
  });

  it('refuses what a single posting is refused, and posts none of the entries', async () => {
    const funded = await open();
    await post([entry(funded, 'credit', '10.00')]);
    const closed = await open({ status: 'Closed' });
    const blocked = await open({ status: 'Blocked', blockKind: 'debit' });
    const dormant = await open();
    await post([entry(dormant, 'credit', '10.00')]);
    await t.app.db.execute(sql`update accounts set status = 'Dormant' where id = ${dormant}`);
    const entriesBefore = await queryRows(t.app.db, sql`select id from journal_entries`);

    expect(await refusalOf(post([entry(funded, 'credit', '1.00'), entry(closed, 'credit', '1.00')]))).toBe(
      'account_closed',
    );
    expect(await refusalOf(post([entry(funded, 'credit', '1.00'), entry(blocked, 'debit', '1.00')]))).toBe(
      'debit_blocked',
    );
    // Each line in its turn: 10 − 6 leaves 4, so the second debit of 6 overdraws.
    expect(await refusalOf(post([entry(funded, 'debit', '6.00'), entry(funded, 'debit', '6.00')]))).toBe(
      'insufficient_funds',
    );
    // Funds, but held: a debit may not eat into a hold.
    await t.app.db.execute(
      sql`insert into account_holds (account_id, amount, reason, placed_by) values (${funded}, 8, 'test', 'test')`,
    );
    expect(await refusalOf(post([entry(funded, 'debit', '3.00')]))).toBe('insufficient_available');
    // A Dormant account is debited by end of day, not by a transfer.
    expect(await refusalOf(post([entry(dormant, 'debit', '1.00')], 'transfer'))).toBe('debit_blocked');

    expect(await queryRows(t.app.db, sql`select id from journal_entries`)).toHaveLength(entriesBefore.length);
    expect(await accountBalance(t.app.db, funded)).toBe('10.00');
    await post([entry(funded, 'debit', '2.00'), entry(dormant, 'debit', '1.00')], 'end_of_day');
    expect(await accountBalance(t.app.db, funded)).toBe('8.00');
    expect(await accountBalance(t.app.db, dormant)).toBe('9.00');
    expect(await violations()).toEqual([]);
  });

  it('checks lines inserted by hand under a declared range: a wrong running balance, a posted entry', async () => {
    const a = await open();
    const [old] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select entry_id::text as id from transactions order by id limit 1`,
    );
    const byHand = (line: (entryId: string) => ReturnType<typeof sql>) =>
      t.app.db
        .transaction(async (tx) => {
          const [e] = await queryRows<{ id: string }>(
            tx,
            sql`insert into journal_entries (business_date, value_date, narration, source, reference)
                values (current_business_date(), current_business_date(), 'by hand', 'system', ${`HAND-${++n}`}) returning id`,
          );
          await tx.execute(
            sql`select set_config('ledger.bulk_entries_from', ${old!.id}, true), set_config('ledger.bulk_entries_to', ${e!.id}, true)`,
          );
          await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
            ${line(e!.id)}`);
        })
        .then(
          () => 'posted',
          (err: unknown) => violatedConstraint(err),
        );
    expect(
      await byHand(
        (e) =>
          sql`values (${a}, clock_timestamp(), current_date, 'x', 5, 'credit', 999, 'HAND', ${e}::bigint)`,
      ),
    ).toBe('transactions_running_balance');
    expect(
      await byHand(
        (e) => sql`values (${a}, clock_timestamp(), current_date, 'x', 5, 'credit', 5, 'HAND', ${e}::bigint),
                          (${a}, clock_timestamp(), current_date, 'x', 5, 'credit', 5, 'HAND', ${e}::bigint)`,
      ),
    ).toBe('transactions_running_balance');
    // A line added to an entry posted in an earlier transaction, inside the declared range.
    expect(
      await byHand(
        () =>
          sql`values (${a}, clock_timestamp(), current_date, 'x', 5, 'credit', 5, 'HAND', ${old!.id}::bigint)`,
      ),
    ).toBe('journal_lines_entry_open');
    expect(await accountBalance(t.app.db, a)).toBe('0.00');
  });

  it('refuses a GL line its account does not take, and one added by hand to a posted entry under a declared range', async () => {
    // The GL lines of a declared range skip the row guard and are checked once for the statement
    // (gl_lines_guard_many), by the row guard's rules and refusals.
    const a = await open();
    const before = await queryRows(t.app.db, sql`select id from journal_entries`);
    const control = await queryRows<{ code: string }>(
      t.app.db,
      sql`select code from gl_accounts where is_control and kind = 'account' and status = 'active' limit 1`,
    );
    const toControl: ManyEntry = {
      ...entry(a, 'credit', '4.00'),
      lines: [
        { accountId: a, side: 'credit', amount: '4.00' },
        { glCode: control[0]!.code, currency: 'SLE', side: 'debit', amount: '4.00' },
      ],
    };
    expect(await refusalOf(post([entry(a, 'credit', '1.00'), toControl]))).toBe('gl_account_not_postable');
    expect(await queryRows(t.app.db, sql`select id from journal_entries`)).toHaveLength(before.length);
    expect(await accountBalance(t.app.db, a)).toBe('0.00');

    const [old] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select entry_id::text as id from gl_lines order by id limit 1`,
    );
    const byHand = await t.app.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('ledger.bulk_entries_from', ${old!.id}, true), set_config('ledger.bulk_entries_to', ${old!.id}, true)`,
        );
        await tx.execute(
          sql`insert into gl_lines (entry_id, gl_code, currency, side, amount) values (${old!.id}::bigint, '1900', 'SLE', 'debit', 1)`,
        );
      })
      .then(
        () => 'posted',
        (err: unknown) => violatedConstraint(err),
      );
    expect(byHand).toBe('journal_lines_entry_open');
  });

  it('refuses an entry that does not balance, checked once for the statement; by hand, at commit', async () => {
    // The entries a many-entries statement makes skip the deferred trigger an entry and are checked
    // as one range (journal_entry_ranges_balanced): turning the setting on by hand moves the check,
    // it does not skip it.
    const a = await open();
    const before = await queryRows(t.app.db, sql`select id from journal_entries`);
    const lopsided: ManyEntry = {
      ...entry(a, 'credit', '4.00'),
      lines: [
        { accountId: a, side: 'credit', amount: '4.00' },
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '3.00' },
      ],
    };
    expect(await refusalOf(post([entry(a, 'credit', '1.00'), lopsided, entry(a, 'credit', '2.00')]))).toBe(
      'unbalanced',
    );
    expect(await queryRows(t.app.db, sql`select id from journal_entries`)).toHaveLength(before.length);
    const byHand = (lines: number) =>
      t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('ledger.many_entries', 'on', true)`);
          const [e] = await queryRows<{ id: string }>(
            tx,
            sql`insert into journal_entries (business_date, value_date, narration, source, reference)
                values (current_business_date(), current_business_date(), 'by hand', 'system', ${`HAND-${++n}`}) returning id`,
          );
          for (let i = 0; i < lines; i++)
            await tx.execute(
              sql`insert into gl_lines (entry_id, gl_code, currency, side, amount) values (${e!.id}::bigint, '1900', 'SLE', 'debit', 1)`,
            );
        })
        .then(
          () => 'posted',
          (err: unknown) => violatedConstraint(err),
        );
    expect(await byHand(0)).toBe('journal_entries_balanced');
    expect(await byHand(2)).toBe('journal_entries_balanced');
    expect(await queryRows(t.app.db, sql`select id from journal_entries`)).toHaveLength(before.length);
    expect(await queryRows(t.app.db, sql`select lo from journal_entry_ranges_to_check`)).toEqual([]);
    expect(await accountBalance(t.app.db, a)).toBe('0.00');
    expect(await violations()).toEqual([]);
  });

  it('guards the entries of a many-entries statement by the rules of a single entry; by hand too', async () => {
    // While the setting is on, journal_entries_guard's row trigger is skipped and the statement
    // trigger applies its rules to every entry the statement made: turning it on by hand moves the
    // guard, it does not skip it.
    const before = await queryRows(t.app.db, sql`select id from journal_entries`);
    /** Three entries made by one statement by hand, `g` their number; the dates and stamp as given. */
    const byHand = (businessDate: SQL, valueDate: SQL, postedAt: SQL) =>
      t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('ledger.many_entries', 'on', true)`);
          await tx.execute(
            sql`insert into journal_entries (business_date, value_date, narration, source, reference, posted_at)
                select ${businessDate}, ${valueDate}, 'by hand', 'system', 'HAND-' || g, ${postedAt}
                  from generate_series(${++n * 10}::int, ${n * 10 + 2}::int) g`,
          );
        })
        .then(
          () => 'posted',
          (err: unknown) => violatedConstraint(err),
        );
    const today = sql`current_business_date()`;
    // The second of the three entries is the one out of line.
    const odd = sql`(g % 2)`;
    expect(await byHand(sql`${today} - ${odd}`, today, sql`now()`)).toBe('journal_entries_closed_date');
    expect(await byHand(today, today, sql`now() - interval '1 second' * ${odd}`)).toBe(
      'journal_entries_posted_now',
    );
    await t.app.db.execute(sql`insert into accounting_periods (period, kind, starts_on, ends_on, status)
      values ('by hand', 'month', current_business_date() - 40, current_business_date() - 35, 'closed')`);
    expect(await byHand(today, sql`${today} - 34 - ${odd} * 2`, sql`now()`)).toBe(
      'journal_entries_closed_period',
    );
    // Within the rules, the statement gets as far as the balance check at commit (they have no lines).
    expect(await byHand(today, today, sql`now()`)).toBe('journal_entries_balanced');
    expect(await queryRows(t.app.db, sql`select id from journal_entries`)).toHaveLength(before.length);
  });

  it('keeps the dashboard totals exact and the search rows’ bands, once per account', async () => {
    const over = await open({ overdraftLimit: '100.00' });
    const plain = await open();
    await post([
      entry(over, 'credit', '40.00'),
      entry(plain, 'credit', '25.00'),
      entry(over, 'debit', '60.00'),
    ]);
    expect(await accountBalance(t.app.db, over)).toBe('-20.00');
    const after = await depositTotals(t.app.db);
    expect(after.kept).toBe(after.counted);
    // Every band moved (from 0.00): the accounts list's search row follows it (migration 0116).
    expect(await accountSearchDrift(t.app.db)).toBe(0);
    const [od] = await queryRows<{ since: string | null }>(
      t.app.db,
      sql`select overdrawn_since::text as since from accounts where id = ${over}`,
    );
    expect(od!.since).not.toBeNull();
  });
});
