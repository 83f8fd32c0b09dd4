import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import { accountBalance, openTestAccount } from '../../../test/support/banking-fixtures.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { LedgerError, OverDayCap } from './ledger-error.ts';
import { postEntry, type EntryInput } from './post-entry.ts';

/** Suspense: a GL account open to account postings, the other side of these entries. */
const SUSPENSE = '1900';

/** postEntry as one call of ledger_post_entry (ADR 0043): the same answers, refusals and side tables. */
describe('a posting in one call', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  const credit = (accountId: number, amount: string, more: Partial<EntryInput> = {}): EntryInput => ({
    source: 'posting',
    narration: 'One call',
    lines: [
      { glCode: SUSPENSE, currency: 'SLE', side: 'debit', amount },
      { accountId, side: 'credit', amount },
    ],
    audit: { action: 'test.post', targetType: 'account', targetId: String(accountId), details: { k: 1 } },
    ...more,
  });
  const debit = (accountId: number, amount: string, more: Partial<EntryInput> = {}): EntryInput => ({
    ...credit(accountId, amount, more),
    lines: [
      { accountId, side: 'debit', amount },
      { glCode: SUSPENSE, currency: 'SLE', side: 'credit', amount },
    ],
  });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof LedgerError ? [e.code, e.message] : e),
    );

  it('posts the entry, its lines and its audit row, and answers with the entry as it reads back', async () => {
    const { accountId } = await openTestAccount(h.db);
    const posted = await postEntry(h.db, credit(accountId, '120.5'));
    expect(posted.accountLines.map((l) => [l.balanceBefore, l.balanceAfter, l.amount])).toEqual([
      ['0.00', '120.50', '120.50'],
    ]);
    expect(posted.entry.lines.map((l) => [l.kind, l.gl_code, l.side, l.amount])).toEqual([
      ['gl', SUSPENSE, 'debit', '120.50'],
      ['customer', posted.entry.lines[1]!.gl_code, 'credit', '120.50'],
    ]);
    expect(posted.entry.lines[1]!.gl_name).toBeTruthy();
    const [audit] = await queryRows<{ details: Record<string, unknown> }>(
      h.db,
      sql`select details from audit_log where details->>'entryId' = ${String(posted.id)}`,
    );
    expect(audit!.details).toMatchObject({
      k: 1,
      entryId: posted.id,
      reference: posted.reference,
      source: 'posting',
    });
    expect(await accountBalance(h.db, accountId)).toBe('120.50');
  });

  it('names each refusal as before, from the rows the call read, and writes nothing', async () => {
    const closed = await openTestAccount(h.db, { status: 'Closed' });
    const blocked = await openTestAccount(h.db, { status: 'Blocked', blockKind: 'debit' });
    const dormant = await openTestAccount(h.db, { status: 'Dormant' });
    const entries = async () =>
      Number((await queryRows<{ n: string }>(h.db, sql`select count(*) as n from journal_entries`))[0]!.n);
    const before = await entries();
    expect(await refusal(postEntry(h.db, credit(closed.accountId, '1')))).toEqual([
      'account_closed',
      expect.stringMatching(/^Account \S+ is closed$/),
    ]);
    expect((await refusal(postEntry(h.db, debit(blocked.accountId, '1')))) as string[]).toContain(
      'debit_blocked',
    );
    expect((await refusal(postEntry(h.db, debit(dormant.accountId, '1')))) as string[]).toContain(
      'debit_blocked',
    );
    expect(await refusal(postEntry(h.db, credit(999_999_999, '1')))).toEqual([
      'account_not_found',
      'Account 999999999 does not exist',
    ]);
    const unbalanced = credit(blocked.accountId, '1');
    unbalanced.lines[0] = { ...unbalanced.lines[0]!, amount: '2' };
    expect(await refusal(postEntry(h.db, unbalanced))).toEqual([
      'unbalanced',
      'The entry does not balance: debits - credits = 1.00 SLE',
    ]);
    const unknownGl = credit(blocked.accountId, '1');
    unknownGl.lines[0] = { glCode: '9999', currency: 'SLE', side: 'debit', amount: '1' };
    expect(await refusal(postEntry(h.db, unknownGl))).toEqual([
      'gl_account_not_postable',
      'GL account 9999 does not exist',
    ]);
    expect(await entries()).toBe(before);
    // What the checks let through still posts: a credit to a debit-blocked or Dormant account.
    await postEntry(h.db, credit(blocked.accountId, '3'));
    await postEntry(h.db, credit(dormant.accountId, '4'));
    expect([
      await accountBalance(h.db, blocked.accountId),
      await accountBalance(h.db, dormant.accountId),
    ]).toEqual(['3.00', '4.00']);
  });

  it("inside a caller's transaction a refusal leaves that transaction usable", async () => {
    const { accountId } = await openTestAccount(h.db);
    const kept = await h.db.transaction(async (tx) => {
      await postEntry(tx, credit(accountId, '10'));
      // No funds for this one: the trigger refuses it, the savepoint takes it back.
      const refused = await refusal(postEntry(tx, debit(accountId, '50')));
      expect((refused as string[])[0]).toMatch(/insufficient/);
      return postEntry(tx, debit(accountId, '4'));
    });
    expect(kept.accountLines[0]!.balanceAfter).toBe('6.00');
    expect(await accountBalance(h.db, accountId)).toBe('6.00');
  });

  it('writes nothing over a day cap, counting the entry and the day total already posted', async () => {
    const { accountId } = await openTestAccount(h.db);
    await postEntry(h.db, credit(accountId, '100'));
    const cap = (limit: string) => ({ accountId, sources: ['posting'], limit });
    await postEntry(h.db, debit(accountId, '30', { accountDayCap: cap('50') }));
    await expect(
      postEntry(h.db, debit(accountId, '30', { accountDayCap: cap('50') })),
    ).rejects.toBeInstanceOf(OverDayCap);
    await postEntry(h.db, debit(accountId, '20', { accountDayCap: cap('50') }));
    // Credits are not debits: a cap already reached does not stop money coming in.
    await postEntry(h.db, credit(accountId, '1', { accountDayCap: cap('50') }));
    expect(await accountBalance(h.db, accountId)).toBe('51.00');
  });

  it('keeps the dashboard totals with the posting, without the account row triggers', async () => {
    const { accountId } = await openTestAccount(h.db);
    const total = async () =>
      (
        await queryRows<{ v: string }>(
          h.db,
          sql`select coalesce(sum(value), 0)::numeric(20,2)::text as v from banking_stats where metric = 'total_deposits' and currency = 'SLE'`,
        )
      )[0]!.v;
    const t0 = await total();
    await postEntry(h.db, credit(accountId, '75'));
    await postEntry(h.db, debit(accountId, '25'));
    expect(BigInt((await total()).replace('.', '')) - BigInt(t0.replace('.', ''))).toBe(5000n);
    const triggers = await queryRows<{ tgname: string }>(
      h.db,
      sql`select tgname from pg_trigger where tgrelid = 'accounts'::regclass and tgname in ('accounts_keys_sync', 'accounts_stats', 'accounts_stats_moved') order by tgname`,
    );
    expect(triggers.map((t) => t.tgname)).toEqual(['accounts_stats', 'accounts_stats_moved']);
  });

  // The dashboard's totals, recounted from the balances, must equal banking_stats summed over slots.
  const totalsDrift = async () =>
    queryRows<{ metric: string; currency: string; kept: string; live: string }>(
      h.db,
      sql`with live as (
            select 'total_deposits' as metric, currency, sum(greatest(balance, 0)) as v
              from accounts where account_type <> 'Loan' and status <> 'Closed' group by currency
            union all
            select 'active_loans', '', count(*) from accounts
             where account_type = 'Loan' and status = 'Active' and balance < 0),
          kept as (select metric, currency, sum(value) as v from banking_stats
                    where metric in ('total_deposits', 'active_loans') group by metric, currency)
          select coalesce(k.metric, l.metric) as metric, coalesce(k.currency, l.currency) as currency,
                 coalesce(k.v, 0)::text as kept, coalesce(l.v, 0)::text as live
            from kept k full join live l on l.metric = k.metric and l.currency = k.currency
           where coalesce(k.v, 0) <> coalesce(l.v, 0)`,
    );
  const statsRows = () =>
    queryRows(h.db, sql`select metric, currency, slot, value::text from banking_stats order by 1, 2, 3`);

  it('writes the dashboard totals once for the entry: a transfer between funded deposit accounts writes none', async () => {
    const from = await openTestAccount(h.db);
    const to = await openTestAccount(h.db, { type: 'Current' });
    await postEntry(h.db, credit(from.accountId, '100'));
    await postEntry(h.db, credit(to.accountId, '5'));
    expect(await totalsDrift()).toEqual([]);
    const before = await statsRows();
    await postEntry(h.db, {
      ...credit(from.accountId, '40'),
      lines: [
        { accountId: from.accountId, side: 'debit', amount: '40' },
        { accountId: to.accountId, side: 'credit', amount: '40' },
      ],
    });
    expect(await statsRows()).toEqual(before);
    expect(await totalsDrift()).toEqual([]);
    expect([await accountBalance(h.db, from.accountId), await accountBalance(h.db, to.accountId)]).toEqual([
      '60.00',
      '45.00',
    ]);
  });

  it("nets an entry whose lines move deposits and a loan across zero, and leaves another writer's lines to the row trigger", async () => {
    const loan = await openTestAccount(h.db, { type: 'Loan' });
    const deposit = await openTestAccount(h.db);
    const overdrawn = await openTestAccount(h.db, { type: 'Current', overdraftLimit: '500' });
    // Disbursed: the loan goes below zero (one more active loan), the deposit account gains 300.
    await postEntry(h.db, {
      ...credit(deposit.accountId, '300'),
      lines: [
        { accountId: loan.accountId, side: 'debit', amount: '300' },
        { accountId: deposit.accountId, side: 'credit', amount: '300' },
      ],
    });
    expect(await totalsDrift()).toEqual([]);
    // One entry, two lines on one account crossing zero both ways, and a loan repaid to zero.
    await postEntry(h.db, {
      ...credit(overdrawn.accountId, '1'),
      lines: [
        { accountId: overdrawn.accountId, side: 'debit', amount: '200' },
        { accountId: overdrawn.accountId, side: 'credit', amount: '250' },
        { accountId: deposit.accountId, side: 'debit', amount: '300' },
        { accountId: loan.accountId, side: 'credit', amount: '300' },
        { glCode: SUSPENSE, currency: 'SLE', side: 'debit', amount: '50' },
      ],
    });
    expect(await totalsDrift()).toEqual([]);
    expect(await accountBalance(h.db, overdrawn.accountId)).toBe('50.00');
    // The function writes its own lines without the row trigger; a line another writer adds later in
    // the same transaction, for an entry of its own, is kept by the row trigger.
    await h.db.transaction(async (tx) => {
      await postEntry(tx, credit(deposit.accountId, '7'));
      await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
        values (current_business_date(), current_date, 'raw', 'system', 'RAW-AFTER-ONE-CALL')`);
      const entry = sql.raw(`currval(pg_get_serial_sequence('journal_entries', 'id'))`);
      await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
        values (${entry}, ${SUSPENSE}, 'SLE', 'debit', 20)`);
      await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        values (${deposit.accountId}, clock_timestamp(), current_date, 'raw', 20, 'credit',
                (select balance + 20 from accounts where id = ${deposit.accountId}), 'RAW-AFTER-ONE-CALL', ${entry})`);
    });
    expect(await accountBalance(h.db, deposit.accountId)).toBe('27.00');
    expect(await totalsDrift()).toEqual([]);
  });
});
