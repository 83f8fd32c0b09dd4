import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postTransaction } from './account-posting.ts';
import { LedgerError } from './ledger-error.ts';
import {
  accountBalance,
  openTestAccount,
  RAW_ENTRY_ID,
  RAW_LINE_COLUMNS,
  withRawEntry,
} from '../../../test/support/banking-fixtures.ts';

/** Drizzle wraps driver errors; the database's own error is the cause. */
const refusedBy = (constraint: string) => ({ cause: expect.objectContaining({ constraint }) });
/** Exact integer cents from a numeric(18,2) string, for checking sums without floats. */
/** Teller cash of the test branch: the other side of every test posting. */
const CASH = '1900';
const cents = (s: string) => BigInt(s.replace('.', ''));
const refusedWith = (re: RegExp) => ({
  cause: expect.objectContaining({ message: expect.stringMatching(re) }),
});

describe('ledger invariants (enforced by the database)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(h.db, q))[0]!.n);

  it('postTransaction keeps balance and running balance in step, and audits in the same transaction', async () => {
    const { accountId } = await openTestAccount(h.db);
    const p1 = await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '1500',
      description: 'Cash deposit',
    });
    const p2 = await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'debit',
      amount: '250.5',
      description: 'ATM withdrawal',
    });
    expect([p1.balanceBefore, p1.balanceAfter, p1.amount]).toEqual(['0.00', '1500.00', '1500.00']);
    expect([p2.balanceBefore, p2.balanceAfter, p2.amount]).toEqual(['1500.00', '1249.50', '250.50']);
    expect(await accountBalance(h.db, accountId)).toBe('1249.50');
    const audit = await queryRows<{ target_id: string; details: { amount: string; counterGlCode: string } }>(
      h.db,
      sql`select target_id, details from audit_log where action = 'banking.post_transaction' and details->>'entryId' = ${String(p2.entryId)}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ amount: '250.5', counterGlCode: CASH });
  });

  it('does decimal arithmetic exactly (no float): 0.10 three times is 0.30; 16-digit amounts survive', async () => {
    const { accountId } = await openTestAccount(h.db);
    for (let i = 0; i < 3; i++)
      await postTransaction(h.db, {
        counterGlCode: CASH,
        accountId,
        direction: 'credit',
        amount: '0.10',
        description: 'dime',
      });
    expect(await accountBalance(h.db, accountId)).toBe('0.30');
    const big = await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '1234567890123456.78',
      description: 'big',
    });
    expect(big.balanceAfter).toBe('1234567890123457.08');
  });

  it('refuses an overdraft, leaving no posting and no audit row behind', async () => {
    const { accountId } = await openTestAccount(h.db);
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '100.00',
      description: 'deposit',
    });
    const auditBefore = await count(sql`select count(*) as n from audit_log`);
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId,
        direction: 'debit',
        amount: '100.01',
        description: 'too much',
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(await accountBalance(h.db, accountId)).toBe('100.00');
    expect(await count(sql`select count(*) as n from transactions where account_id = ${accountId}`)).toBe(1);
    expect(await count(sql`select count(*) as n from audit_log`)).toBe(auditBefore);
  });

  it('lets a Current account use its overdraft limit, and keeps a loan at or below zero', async () => {
    const cur = await openTestAccount(h.db, { type: 'Current', overdraftLimit: '500.00' });
    const p = await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId: cur.accountId,
      direction: 'debit',
      amount: '500',
      description: 'od',
    });
    expect(p.balanceAfter).toBe('-500.00');
    const loan = await openTestAccount(h.db, { type: 'Loan' });
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId: loan.accountId,
      direction: 'debit',
      amount: '1000',
      description: 'disbursement',
    });
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId: loan.accountId,
        direction: 'credit',
        amount: '1000.01',
        description: 'overpay',
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
  });

  it('refuses bad amounts before and inside the database', async () => {
    const { accountId } = await openTestAccount(h.db);
    for (const amount of ['0', '0.00', '-5', '1.005', 'abc', '1e3']) {
      await expect(
        postTransaction(h.db, {
          counterGlCode: CASH,
          accountId,
          direction: 'credit',
          amount,
          description: 'x',
        }),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    await expect(
      withRawEntry(h.db, (tx) =>
        tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
        values (${accountId}, now(), current_date, 'zero', 0, 'credit', 0, 'R0', ${RAW_ENTRY_ID})`),
      ),
    ).rejects.toMatchObject(refusedBy('positive_money_check'));
  });

  it('refuses a raw posting whose balance_after does not continue the running total', async () => {
    const { accountId } = await openTestAccount(h.db);
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '10.00',
      description: 'seed',
    });
    await expect(
      withRawEntry(h.db, (tx) =>
        tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
        values (${accountId}, clock_timestamp(), current_date, 'forged', 5, 'credit', 100, 'R1', ${RAW_ENTRY_ID})`),
      ),
    ).rejects.toMatchObject(refusedBy('transactions_running_balance'));
    // The correct running total is accepted even from raw SQL: the trigger also moves the balance.
    await withRawEntry(h.db, (tx) =>
      tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
        values (${accountId}, clock_timestamp(), current_date, 'raw ok', 5, 'credit', 15, 'R2', ${RAW_ENTRY_ID})`),
    );
    expect(await accountBalance(h.db, accountId)).toBe('15.00');
  });

  it('refuses a posting dated before the latest posting (history order would break)', async () => {
    const { accountId } = await openTestAccount(h.db);
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '10.00',
      description: 'now',
    });
    await expect(
      withRawEntry(h.db, (tx) =>
        tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
        values (${accountId}, timestamptz '2020-01-01', date '2020-01-01', 'backdated', 5, 'credit', 15, 'R3', ${RAW_ENTRY_ID})`),
      ),
    ).rejects.toMatchObject(refusedBy('transactions_posting_order'));
  });

  it('refuses writing a balance directly, opening an account with money, and editing history', async () => {
    const { accountId } = await openTestAccount(h.db);
    const p = await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '10.00',
      description: 'x',
    });
    await expect(
      h.db.execute(sql`update accounts set balance = 999 where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_balance_via_postings'));
    await expect(
      h.db.execute(sql`update accounts set id = id + 1000000 where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_immutable_identity'));
    await expect(
      // The account's own number, well formed (its domain is checked before any trigger): the guard
      // refuses the balance before the unique index would refuse the number.
      h.db
        .execute(sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, opened_on, branch_code, ledger_code, balance)
        select account_number, cust_id, product_code, account_type, currency, opened_on, branch_code, ledger_code, 1000000 from accounts where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_balance_via_postings'));
    await expect(
      h.db.execute(sql`update transactions set amount = 1 where id = ${p.id}`),
    ).rejects.toMatchObject(refusedWith(/append-only/));
    await expect(h.db.execute(sql`delete from transactions where id = ${p.id}`)).rejects.toMatchObject(
      refusedWith(/append-only/),
    );
    await expect(h.db.execute(sql`truncate transactions cascade`)).rejects.toMatchObject(
      refusedWith(/append-only/),
    );
    // Status changes are fine; they do not touch money.
    await h.db.execute(sql`update accounts set status = 'Dormant' where id = ${accountId}`);
  });

  // ADR 0096: the rules that were accounts' CHECKs and generated band, kept by triggers and writers.
  it('keeps the band with the balance, and the funds and block rules when a client changes their columns', async () => {
    const { accountId } = await openTestAccount(h.db, { type: 'Current', overdraftLimit: '100.00' });
    const bandRow = async () =>
      (
        await queryRows<{ band: number; of: number }>(
          h.db,
          sql`select balance_band as band, balance_band_of(balance) as of from accounts where id = ${accountId}`,
        )
      )[0]!;
    expect(await bandRow()).toEqual({ band: 0, of: 0 });
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '10.00',
      description: 'x',
    });
    // floor(4 · log2(11)) = 13
    expect(await bandRow()).toEqual({ band: 13, of: 13 });
    // A loan is never in credit.
    await expect(
      h.db.execute(sql`update accounts set account_type = 'Loan' where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_balance_check'));
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'debit',
      amount: '60.00',
      description: 'x',
    });
    expect(await bandRow()).toEqual({ band: -22, of: -22 });
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId,
        direction: 'debit',
        amount: '50.01',
        description: 'x',
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(
      h.db.execute(sql`update accounts set balance_band = 40 where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_balance_via_postings'));
    await expect(
      h.db.execute(sql`update accounts set overdraft_limit = 49.99 where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_balance_check'));
    await expect(
      h.db.execute(sql`update accounts set status = 'Blocked' where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_block_kind_check'));
    await expect(
      h.db.execute(sql`update accounts set block_kind = 'debit' where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('accounts_block_kind_check'));
    await h.db.execute(
      sql`update accounts set status = 'Blocked', block_kind = 'debit', overdraft_limit = 50 where id = ${accountId}`,
    );
    await expect(
      h.db.execute(
        sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, opened_on, branch_code, ledger_code, balance_band)
            select ${makeAccountNumber('900', 98_765_431)}, cust_id, product_code, account_type, currency, opened_on, branch_code, ledger_code, 3
              from accounts where id = ${accountId}`,
      ),
    ).rejects.toMatchObject(refusedBy('accounts_balance_via_postings'));
    const violations = await queryRows<{ problem: string }>(
      h.db,
      sql`select problem from ledger_violations() where account_id = ${accountId}`,
    );
    expect(violations).toEqual([]);
  });

  it('refuses postings to a Closed account, and debits to a debit-Blocked one', async () => {
    const closed = await openTestAccount(h.db, { status: 'Closed' });
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId: closed.accountId,
        direction: 'credit',
        amount: '1',
        description: 'x',
      }),
    ).rejects.toMatchObject({ code: 'account_closed' });
    await expect(
      withRawEntry(h.db, (tx) =>
        tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
        values (${closed.accountId}, clock_timestamp(), current_date, 'raw', 1, 'credit', 1, 'R4', ${RAW_ENTRY_ID})`),
      ),
    ).rejects.toMatchObject(refusedBy('transactions_account_open'));
    const blocked = await openTestAccount(h.db, { status: 'Blocked' });
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId: blocked.accountId,
      direction: 'credit',
      amount: '5',
      description: 'in',
    });
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId: blocked.accountId,
        direction: 'debit',
        amount: '1',
        description: 'out',
      }),
    ).rejects.toMatchObject({ code: 'debit_blocked' });
    await expect(
      postTransaction(h.db, {
        counterGlCode: CASH,
        accountId: 987654321,
        direction: 'credit',
        amount: '1',
        description: 'x',
      }),
    ).rejects.toMatchObject({
      code: 'account_not_found',
    });
  });

  it('loses no update under 20 concurrent postings to one account', async () => {
    const { accountId } = await openTestAccount(h.db);
    await postTransaction(h.db, {
      counterGlCode: CASH,
      accountId,
      direction: 'credit',
      amount: '1000.00',
      description: 'opening',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postTransaction(h.db, {
          counterGlCode: CASH,
          accountId,
          direction: i % 2 === 0 ? 'credit' : 'debit',
          amount: `${i + 1}.25`,
          description: `concurrent ${i}`,
        }),
      ),
    );
    expect(results).toHaveLength(20);
    // Credits are i = 0,2,…,18 → (1+3+…+19) + 10×0.25; debits i = 1,…,19 → (2+4+…+20) + 10×0.25.
    expect(await accountBalance(h.db, accountId)).toBe('990.00');
    const rows = await queryRows<{ balance_after: string; prev: string | null; signed: string }>(
      h.db,
      sql`
      select balance_after, lag(balance_after) over w as prev,
             case direction when 'credit' then amount else -amount end as signed
      from transactions where account_id = ${accountId} window w as (order by posted_at, id) order by posted_at, id`,
    );
    expect(rows).toHaveLength(21);
    for (const r of rows) {
      expect(cents(r.balance_after)).toBe(cents(r.prev ?? '0.00') + cents(r.signed));
    }
    // Each posting saw the balance its predecessor left: the lock serialised them.
    const byId = [...results].sort((a, b) => a.id - b.id);
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.balanceBefore).toBe(byId[i - 1]!.balanceAfter);
  });

  it('account_number_valid, inlined into the accounts CHECK, answers as it did and never casts a non-number', async () => {
    const [r] = await queryRows<Record<string, boolean | null>>(
      h.db,
      sql`select account_number_valid(null) as none, account_number_valid('9000000000133') as valid,
                 account_number_valid('9000000000134') as wrong_check, account_number_valid('90000000001') as short,
                 account_number_valid('9000000000133x') as letters,
                 (select count(*)::int from (values ('12a4567890123'), ('9000000000133'), ('')) v(n)
                   where account_number_valid(n)) as matches`,
    );
    expect(r).toEqual({
      none: null,
      valid: true,
      wrong_check: false,
      short: false,
      letters: false,
      matches: 1,
    });
  });

  it('the accounts CHECK, stated in place, refuses exactly the numbers account_number_valid refuses', async () => {
    const { accountId } = await openTestAccount(h.db);
    const fresh = makeAccountNumber('900', 98_765_432); // valid, and no other account of this file has it
    const wrongCheck = fresh.slice(0, 11) + String((Number(fresh.slice(11)) + 1) % 100).padStart(2, '0');
    const numbers = [fresh, wrongCheck, '90000000001', `${fresh}x`, '12a4567890123', ''];
    const answers: Record<string, { valid: boolean; refusedBy: string | null }> = {};
    for (const n of numbers) {
      const [v] = await queryRows<{ valid: boolean }>(
        h.db,
        sql`select coalesce(account_number_valid(${n}), false) as valid`,
      );
      // Each change is tried in a transaction of its own and never kept; an update that went through
      // reads as null, any other failure by its message (so it cannot pass for an accepted number).
      const accepted = new Error('accepted');
      const refusedBy = await h.db
        .transaction(async (tx) => {
          await tx.execute(sql`update accounts set account_number = ${n} where id = ${accountId}`);
          throw accepted;
        })
        .catch((err: Error & { cause?: { constraint?: string } }) =>
          err === accepted ? null : (err.cause?.constraint ?? err.message),
        );
      answers[n] = { valid: v!.valid, refusedBy };
    }
    expect(answers).toEqual(
      Object.fromEntries(
        numbers.map((n) => [
          n,
          { valid: n === fresh, refusedBy: n === fresh ? null : 'account_number_check' },
        ]),
      ),
    );
  });

  it('ledger_violations() finds nothing after all of the above', async () => {
    expect(await queryRows(h.db, sql`select * from ledger_violations()`)).toEqual([]);
  });
});
