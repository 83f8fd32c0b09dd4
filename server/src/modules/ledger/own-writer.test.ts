import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import {
  accountBalance,
  openTestAccount,
  sqlRefusalOf as refusal,
  SUSPENSE_GL,
} from '../../../test/support/banking-fixtures.ts';
import { openDatabase, type Database, type DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runMigrations } from '../../db/migrate.ts';
import { postEntry, type EntryInput } from './post-entry.ts';

// ledger_post_entry writes an entry's lines, balances and totals itself, and the row rules skip what
// it writes (ADR 0100). These tests perform what that trust could be abused for.

const deposit = (accountId: number, amount: string): EntryInput => ({
  source: 'system',
  narration: 'own writer test',
  lines: [
    { glCode: SUSPENSE_GL, currency: 'SLE', side: 'debit', amount },
    { accountId, side: 'credit', amount },
  ],
  audit: { action: 'test.own_writer', targetType: 'account', targetId: String(accountId) },
});

/** One insert that tries to add a line to `entryId`, in a savepoint of `tx`. */
const lineInto = (tx: Database, entryId: number, accountId: number, more: ReturnType<typeof sql> = sql``) =>
  tx.transaction(async (sp) => {
    await sp.execute(more);
    await sp.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
      values (${accountId}, clock_timestamp(), current_date, 'added later', 500, 'credit',
              (select balance + 500 from accounts where id = ${accountId}), 'ADDED', ${entryId})`);
  });

describe("the ledger's own writer", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('leaves no way to add a line to an entry it wrote, in the same transaction, by any path', async () => {
    const { accountId } = await openTestAccount(h.db);
    const outcomes = await h.db.transaction(async (tx) => {
      const posted = await postEntry(tx, deposit(accountId, '10'));
      const id = posted.id;
      const [after] = await queryRows<{ here: boolean }>(tx, sql`select ledger_writer_here() as here`);
      return {
        // The function's setting is put back when it returns: the rest of the transaction is checked.
        writerAfterwards: after!.here,
        customerLine: await refusal(lineInto(tx, id, accountId)),
        glLine: await refusal(
          tx.transaction((sp) =>
            sp.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
              values (${id}, ${SUSPENSE_GL}, 'SLE', 'credit', 500)`),
          ),
        ),
        // The set-based paths, declared by hand for the ledger's entry.
        bulkEntry: await refusal(
          lineInto(tx, id, accountId, sql`select set_config('ledger.bulk_entry', ${String(id)}, true)`),
        ),
        bulkEntries: await refusal(
          lineInto(
            tx,
            id,
            accountId,
            sql`select set_config('ledger.bulk_entries_from', ${String(id)}, true),
                       set_config('ledger.bulk_entries_to', ${String(id)}, true)`,
          ),
        ),
      };
    });
    expect(outcomes).toEqual({
      writerAfterwards: false,
      customerLine: 'journal_lines_entry_open',
      glLine: 'journal_lines_entry_open',
      bulkEntry: 'journal_lines_entry_open',
      bulkEntries: 'journal_lines_entry_open',
    });
    expect(await accountBalance(h.db, accountId)).toBe('10.00');
    const [violations] = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from ledger_violations()`,
    );
    expect(violations!.n).toBe(0);
  });

  it("keeps the day's debit totals of the paying accounts and the maker, for one debit and for several", async () => {
    const payer = await openTestAccount(h.db);
    const second = await openTestAccount(h.db);
    const payee = await openTestAccount(h.db);
    await postEntry(h.db, deposit(payer.accountId, '100'));
    await postEntry(h.db, deposit(second.accountId, '100'));
    const maker = '00000000-0000-4000-8000-0000000e0f01';
    const transfer = (lines: EntryInput['lines']): EntryInput => ({
      source: 'transfer',
      narration: 'own writer day totals',
      actor: { id: maker, email: 'maker@bankmanager.sl', ip: '127.0.0.1' },
      lines,
      audit: { action: 'test.own_writer', targetType: 'account', targetId: String(payer.accountId) },
    });
    await postEntry(
      h.db,
      transfer([
        { accountId: payer.accountId, side: 'debit', amount: '7' },
        { accountId: payee.accountId, side: 'credit', amount: '7' },
      ]),
    );
    await postEntry(
      h.db,
      transfer([
        { accountId: payer.accountId, side: 'debit', amount: '30' },
        { accountId: second.accountId, side: 'debit', amount: '5' },
        { accountId: payer.accountId, side: 'debit', amount: '20' },
        { accountId: payee.accountId, side: 'credit', amount: '55' },
      ]),
    );
    const accounts = await queryRows<{ id: string; total: string }>(
      h.db,
      sql`select account_id::text as id, total::text from account_daily_debits
          where business_date = current_business_date() and source = 'transfer'
            and account_id in (${payer.accountId}, ${second.accountId}, ${payee.accountId}) order by account_id`,
    );
    expect(accounts).toEqual([
      { id: String(payer.accountId), total: '57.00' },
      { id: String(second.accountId), total: '5.00' },
    ]);
    const [made] = await queryRows<{ total: string }>(
      h.db,
      sql`select sum(total)::text as total from maker_daily_debits
          where business_date = current_business_date() and maker_id = ${maker} and source = 'transfer'`,
    );
    expect(made!.total).toBe('62.00');
    expect(await accountBalance(h.db, payer.accountId)).toBe('43.00');
  });

  it('is the only function that runs as its owner, and names the schema it reads', async () => {
    const rows = await queryRows<{ name: string; config: string[] | null }>(
      h.db,
      sql`select p.proname as name, p.proconfig as config from pg_proc p
          where p.pronamespace = 'public'::regnamespace and p.prosecdef order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['ledger_post_entry']);
    expect(rows[0]!.config).toContain('search_path=public, pg_temp');
  });
});

// A role that owns nothing, set up as production's application role is (ADR 0013): it can reach
// the owner's rights only through ledger_post_entry. PostgreSQL only: PGlite has one user.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the ledger's own writer, against a role that owns nothing",
  () => {
    let h: DbHandle & { url?: string };
    let app: DbHandle;
    const role = `bm_app_${process.pid}_${Date.now().toString(36)}`;
    beforeAll(async () => {
      h = await createTestDb();
      for (const statement of [
        `create role ${role} login nosuperuser nocreaterole nocreatedb`,
        `grant usage on schema public to ${role}`,
        `grant select, insert, update, delete on all tables in schema public to ${role}`,
        `revoke update, delete, truncate on audit_log, audit_chain_meta from ${role}`,
        `grant usage, select on all sequences in schema public to ${role}`,
        `grant execute on all functions in schema public to ${role}`,
      ])
        await h.db.execute(sql.raw(statement));
      const url = new URL(h.url!);
      url.username = role;
      app = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', queryTimeoutMs: 0 });
    });
    afterAll(async () => {
      await app?.close();
      await h.db.execute(sql.raw(`drop owned by ${role}`));
      await h.db.execute(sql.raw(`drop role ${role}`));
      await h.close();
    });

    it('posts through the function, which reads its own tables even where the caller shadows them', async () => {
      const { accountId } = await openTestAccount(h.db);
      await app.db.transaction(async (tx) => {
        // A temporary table is searched before the schema unless a function fixes its search_path.
        await tx.execute(sql`create temp table accounts (like public.accounts) on commit drop`);
        await postEntry(tx, deposit(accountId, '25'));
      });
      expect(await accountBalance(h.db, accountId)).toBe('25.00');
    });

    it('does not skip the row rules for a caller that names itself the writer', async () => {
      const { accountId } = await openTestAccount(h.db);
      const asWriter = sql`select set_config('ledger.writer', 'on', true)`;
      // A line that does not continue the balance, an entry that does not balance, a balance moved
      // with no line: each still refused.
      const wrongBalance = refusal(
        app.db.transaction(async (tx) => {
          await tx.execute(asWriter);
          await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
        values (current_business_date(), current_date, 'forged', 'system', ${`FORGED-1-${role}`})`);
          await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        values (${accountId}, clock_timestamp(), current_date, 'forged', 1000, 'credit', 5000, 'FORGED',
                currval(pg_get_serial_sequence('journal_entries', 'id')))`);
        }),
      );
      const unbalanced = refusal(
        app.db.transaction(async (tx) => {
          await tx.execute(asWriter);
          await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
        values (current_business_date(), current_date, 'forged', 'system', ${`FORGED-2-${role}`})`);
          await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
        values (currval(pg_get_serial_sequence('journal_entries', 'id')), ${SUSPENSE_GL}, 'SLE', 'debit', 1000)`);
        }),
      );
      const movedBalance = refusal(
        app.db.transaction(async (tx) => {
          await tx.execute(asWriter);
          await tx.execute(sql`update accounts set balance = 1000000 where id = ${accountId}`);
        }),
      );
      expect([await wrongBalance, await unbalanced, await movedBalance]).toEqual([
        'transactions_running_balance',
        'journal_entries_balanced',
        'accounts_balance_via_postings',
      ]);
      expect(await accountBalance(h.db, accountId)).toBe('0.00');
    });
  },
);

// One role for everything: a role that is not a superuser migrates its own database and so owns every
// table, and the server connects as it. PostgreSQL only: PGlite has one user.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the ledger's own writer, where one role owns everything",
  () => {
    let admin: DbHandle & { url?: string };
    let owned: DbHandle;
    const role = `bm_owner_${process.pid}_${Date.now().toString(36)}`;
    beforeAll(async () => {
      admin = await createTestDb();
      await admin.db.execute(sql.raw(`create role ${role} login nosuperuser nocreaterole nocreatedb`));
      await admin.db.execute(sql.raw(`create database ${role} owner ${role}`));
      const url = new URL(admin.url!);
      url.username = role;
      url.pathname = `/${role}`;
      owned = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', queryTimeoutMs: 0 });
      await runMigrations(owned);
    }, 120_000);
    afterAll(async () => {
      await owned?.close();
      await admin.db.execute(sql.raw(`drop database if exists ${role} with (force)`));
      await admin.db.execute(sql.raw(`drop role if exists ${role}`));
      await admin.close();
    });

    it('posts, and its own hand-typed SQL is still checked', async () => {
      const { accountId } = await openTestAccount(owned.db);
      await postEntry(owned.db, deposit(accountId, '12'));
      expect(await accountBalance(owned.db, accountId)).toBe('12.00');
      const unbalanced = refusal(
        owned.db.transaction(async (tx) => {
          await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_date, 'forged', 'system', 'FORGED-OWNER')`);
          await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
          values (currval(pg_get_serial_sequence('journal_entries', 'id')), ${SUSPENSE_GL}, 'SLE', 'debit', 1000)`);
        }),
      );
      expect(await unbalanced).toBe('journal_entries_balanced');
    });
  },
);
