import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import { openTestAccount, sqlRefusalOf as refusal } from '../../../test/support/banking-fixtures.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { auditKeyPads } from '../../db/audit-key.ts';
import { postEntry } from './post-entry.ts';

/**
 * The ledger's rules hold against hand-typed SQL, whatever the application does (both tiers: PGlite
 * by default, PostgreSQL when TEST_DATABASE_URL is set).
 */
describe('double-entry invariants enforced by the database', () => {
  let h: DbHandle;
  let n = 0;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  /** Opens an entry and runs `lines` in the same transaction (commit runs the deferred balance check). */
  const rawEntry = (
    lines: string,
    source = 'system',
    businessDate = 'current_business_date()',
    valueDate = 'current_date',
  ) =>
    h.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`insert into journal_entries (business_date, value_date, narration, source, reference)
                 values (${businessDate}, ${valueDate}, 'raw', '${source}', 'RAW-INV-${++n}')`),
      );
      const id = sql.raw(`currval(pg_get_serial_sequence('journal_entries', 'id'))`);
      // The keyed audit chain takes rows only with the key handed over in this transaction (decision 0013).
      await tx.execute(sql`select set_config('bankmanager.audit_key', ${auditKeyPads()}, true)`);
      await tx.execute(sql`insert into audit_log (id, action, outcome, actor_email, target_type, details)
        values (0, 'test.raw_entry', 'success', 'test', 'journal_entry', jsonb_build_object('entryId', ${id}::text))`);
      for (const l of lines.split(';').filter(Boolean)) {
        const [code, currency, side, amount] = l.trim().split(' ');
        await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
          values (${id}, ${code}, ${currency}, ${side}, ${amount}::numeric)`);
      }
    });

  it('refuses at commit an entry whose debits and credits differ, or that has fewer than two lines', async () => {
    expect(await refusal(rawEntry('1900 SLE debit 100; 1030 SLE credit 50'))).toBe(
      'journal_entries_balanced',
    );
    expect(await refusal(rawEntry('1900 SLE debit 100; 1900 USD credit 100'))).toBe(
      'journal_entries_balanced',
    );
    expect(await refusal(rawEntry(''))).toBe('journal_entries_balanced');
    await rawEntry('1900 SLE debit 100; 1030 SLE credit 100');
  });

  it('refuses updating, deleting or truncating entries and lines', async () => {
    await rawEntry('1900 SLE debit 5; 1030 SLE credit 5');
    for (const stmt of [
      sql`update gl_lines set amount = 1`,
      sql`delete from gl_lines`,
      sql`truncate gl_lines cascade`,
      sql`update journal_entries set narration = 'changed'`,
      sql`delete from journal_entries`,
    ]) {
      expect(await refusal(h.db.execute(stmt))).toMatch(/append-only/);
    }
  });

  it('refuses a line added to an entry an earlier transaction committed', async () => {
    await rawEntry('1900 SLE debit 7; 1030 SLE credit 7');
    const [e] = await queryRows<{ id: string }>(h.db, sql`select max(id) as id from journal_entries`);
    expect(
      await refusal(
        h.db.execute(
          sql`insert into gl_lines (entry_id, gl_code, currency, side, amount) values (${e!.id}, '1900', 'SLE', 'debit', 1)`,
        ),
      ),
    ).toBe('journal_lines_entry_open');
  });

  it("refuses a customer line on an earlier transaction's entry, a Dormant account's debit named first", async () => {
    // A transfer's entry: the bank's own sources (system, end of day) may still debit a Dormant account.
    await rawEntry('1900 SLE debit 3; 1030 SLE credit 3', 'transfer');
    const [e] = await queryRows<{ id: string }>(h.db, sql`select max(id) as id from journal_entries`);
    const { accountId } = await openTestAccount(h.db);
    const { accountId: dormantId } = await openTestAccount(h.db, { status: 'Dormant' });
    const line = (account: number, direction: 'credit' | 'debit') =>
      h.db
        .execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        values (${account}, clock_timestamp(), current_date, 'late line', 1, ${direction}, ${direction === 'credit' ? 1 : -1}, 'LATE', ${e!.id})`);
    expect(await refusal(line(accountId, 'credit'))).toBe('journal_lines_entry_open');
    // The posting trigger checks the dormancy rule before the entry, as its own trigger once did.
    expect(await refusal(line(dormantId, 'debit'))).toBe('transactions_dormant_debit');
    expect(await refusal(line(dormantId, 'credit'))).toBe('journal_lines_entry_open');
    const rows = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from transactions where account_id in (${accountId}, ${dormantId})`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("refuses a Dormant account's debit under a declared bulk entry of a staff source, on a balanced entry", async () => {
    const { accountId: dormantId } = await openTestAccount(h.db, { status: 'Dormant' });
    // Funded (a Dormant account takes credits), so that only the dormancy rule can refuse the debit.
    await postEntry(h.db, {
      source: 'system',
      narration: 'fund the dormant account',
      lines: [
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '10' },
        { accountId: dormantId, side: 'credit', amount: '10' },
      ],
      audit: { action: 'test', targetType: 'account', targetId: String(dormantId) },
    });
    // The bulk statement trigger applies such lines without the dormancy rule: the row trigger holds it.
    const bulkDebit = h.db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
        values (current_business_date(), current_date, 'raw bulk', 'transfer', ${`RAW-INV-${++n}`})`);
      await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
        values (currval(pg_get_serial_sequence('journal_entries', 'id')), '1900', 'SLE', 'credit', 1)`);
      await tx.execute(
        sql`select set_config('ledger.bulk_entry', currval(pg_get_serial_sequence('journal_entries', 'id'))::text, true)`,
      );
      await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        values (${dormantId}, clock_timestamp(), current_date, 'raw bulk', 1, 'debit', 9, 'RAW-BULK',
                currval(pg_get_serial_sequence('journal_entries', 'id')))`);
    });
    expect(await refusal(bulkDebit)).toBe('transactions_dormant_debit');
    const rows = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from transactions where account_id = ${dormantId} and direction = 'debit'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a balance changed without a line, and a customer line outside an entry', async () => {
    const { accountId } = await openTestAccount(h.db);
    expect(await refusal(h.db.execute(sql`update accounts set balance = 1000 where id = ${accountId}`))).toBe(
      'accounts_balance_via_postings',
    );
    // No entry_id: a customer line exists only inside a journal entry.
    expect(
      await refusal(
        h.db
          .execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference)
          values (${accountId}, clock_timestamp(), current_date, 'from nowhere', 1000, 'credit', 1000, 'NOWHERE')`),
      ),
    ).toMatch(/entry|null/);
  });

  it('refuses lines on a control account, a group, a closed account or in a currency the account does not keep', async () => {
    for (const lines of [
      '2020 SLE debit 1; 1900 SLE credit 1', // control account: only its customer accounts move it
      '10 SLE debit 1; 1900 SLE credit 1', // a group
      '1040 SLE debit 1; 1900 SLE credit 1', // nostro keeps USD only
    ]) {
      expect(await refusal(rawEntry(lines))).toBe('gl_lines_postable');
    }
    // 1010 Cash in vault is closed to manual journals.
    expect(await refusal(rawEntry('1010 SLE debit 1; 1900 SLE credit 1', 'manual'))).toBe(
      'gl_lines_postable',
    );
  });

  it('refuses a teller entry’s line on a till account that names no till session', async () => {
    const [branch] = await queryRows<{ code: string }>(
      h.db,
      sql`select code from branches order by code limit 1`,
    );
    expect(await refusal(rawEntry(`1020-${branch!.code} SLE debit 1; 1900 SLE credit 1`, 'teller'))).toBe(
      'gl_lines_till_required',
    );
  });

  it('refuses an entry on any date but the business date', async () => {
    expect(
      await refusal(rawEntry('1900 SLE debit 1; 1030 SLE credit 1', 'system', 'current_business_date() - 1')),
    ).toBe('journal_entries_closed_date');
  });

  it('dates an entry that names no business or value date on the business date', async () => {
    await rawEntry('1900 SLE debit 1; 1030 SLE credit 1', 'system', 'null', 'null');
    const [row] = await queryRows<{ dated: boolean }>(
      h.db,
      sql`select business_date = current_business_date() and value_date = current_business_date() as dated
            from journal_entries where reference = ${`RAW-INV-${n}`}`,
    );
    expect(row!.dated).toBe(true);
  });

  it("names an unbalanced entry's difference in its refusal", async () => {
    const err = await rawEntry('1900 SLE debit 100; 1030 SLE credit 50').catch((e: unknown) => e);
    expect(violatedConstraint(err)).toBe('journal_entries_balanced');
    expect(String((err as { cause?: unknown }).cause ?? err)).toContain('debits exceed credits by 50.00 SLE');
  });

  it('refuses reversing an entry twice', async () => {
    const first = await postEntry(h.db, {
      source: 'system',
      narration: 'to reverse',
      lines: [
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '3' },
        { glCode: '1030', currency: 'SLE', side: 'credit', amount: '3' },
      ],
      audit: { action: 'test', targetType: 'journal_entry', targetId: 'x' },
    });
    const twice = h.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) {
        await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference, reversal_of)
          values (current_business_date(), current_date, 'rev', 'reversal', ${`REV-${++n}`}, ${first.id})`);
      }
    });
    expect(await refusal(twice)).toBe('journal_entries_reversal_of_unique');
  });

  it('keeps an account on its product’s control account', async () => {
    const { accountId } = await openTestAccount(h.db);
    expect(
      await refusal(h.db.execute(sql`update accounts set ledger_code = '2010' where id = ${accountId}`)),
    ).toBe('accounts_control_mapping');
    expect(
      await refusal(h.db.execute(sql`update products set ledger_code = '2010' where code = 'T-SAV'`)),
    ).toBe('accounts_control_mapping');
  });

  it('ledger_violations() finds nothing after all of the above', async () => {
    expect(await queryRows(h.db, sql`select problem from ledger_violations()`)).toEqual([]);
  });
});
