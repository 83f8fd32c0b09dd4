import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../client.ts';
import { queryRows } from '../rows.ts';

/**
 * ADR 0092: PostgreSQL reads a table's CHECKs and a trigger's WHEN back from their text in every
 * statement that writes the table. On the tables every posting writes, a WHEN is one call of a named
 * function, and a rule on one column of accounts, journal_entries or transactions is its domain's
 * (ADR 0094).
 */
describe('rules PostgreSQL reads once (ADR 0092)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('every WHEN of a trigger on the ledger tables is one call of a named function', async () => {
    const triggers = await queryRows<{ name: string; def: string }>(
      h.db,
      sql`select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
          where not t.tgisinternal and t.tgqual is not null
            and t.tgrelid in ('transactions'::regclass, 'gl_lines'::regclass, 'journal_entries'::regclass,
                              'audit_log'::regclass)`,
    );
    expect(triggers.length).toBeGreaterThanOrEqual(10);
    const whenOf = (def: string) => / WHEN \((.*)\) EXECUTE FUNCTION /.exec(def)?.[1];
    const oneCall = /^\(?(NOT )?\w+\(((old|new)\.\w+(, (old|new)\.\w+)*)?\)\)?$/;
    const notOneCall = triggers.filter((t) => !oneCall.test(whenOf(t.def) ?? ''));
    expect(notOneCall.map((t) => `${t.name}: ${whenOf(t.def)}`)).toEqual([]);
  });

  // A posting writes accounts, its entry and its lines (ADR 0094 added the last two).
  it('every CHECK of accounts, journal_entries and transactions joins two or more columns', async () => {
    const checks = await queryRows<{ name: string; columns: number }>(
      h.db,
      sql`select conname as name, cardinality(conkey) as columns from pg_constraint
          where conrelid in ('accounts'::regclass, 'journal_entries'::regclass, 'transactions'::regclass)
            and contype = 'c'`,
    );
    expect(checks.map((c) => c.name).sort()).toEqual(['journal_entries_not_self_reversal']);
    expect(checks.filter((c) => Number(c.columns) < 2)).toEqual([]);
  });

  // ADR 0096: a posting's UPDATE of accounts names balance, balance_band and sometimes overdrawn_since.
  it("a posting's UPDATE of accounts prepares no CHECK, no generated column and one trigger condition", async () => {
    const generated = await queryRows<{ name: string }>(
      h.db,
      sql`select attname as name from pg_attribute
          where attrelid = 'accounts'::regclass and attgenerated <> '' and not attisdropped`,
    );
    expect(generated).toEqual([]);
    const fired = await queryRows<{ name: string; def: string }>(
      h.db,
      sql`select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
          where t.tgrelid = 'accounts'::regclass and not t.tgisinternal
            and t.tgtype & 16 <> 0 -- fires on UPDATE
            and (cardinality(t.tgattr) = 0 or exists (
                  select 1 from unnest(t.tgattr) k join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k
                   where a.attname in ('balance', 'balance_band')))`,
    );
    expect(fired.map((t) => t.def.replace(/^.* FOR EACH ROW /, ''))).toEqual([
      'WHEN (((pg_trigger_depth() < 1) AND (NOT ledger_writer_here()))) EXECUTE FUNCTION accounts_guard()',
    ]);
  });
});
