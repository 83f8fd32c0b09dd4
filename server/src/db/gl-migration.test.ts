import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './client.ts';
import { MIGRATIONS_DIR } from './migrate.ts';
import { queryRows } from './rows.ts';
import { seedBanking } from './seed/banking/index.ts';

/** The last migration before the general ledger: the single-entry world. */
const LAST_SINGLE_ENTRY = '0014_transactions_reference_unique';

/**
 * The ledger migration (ADR 0011) on a database that holds single-entry postings: every posting gets
 * its other leg (one opening entry per account against 3090 Opening balance equity), histories and
 * balances are untouched, and the books balance in both currencies afterwards.
 */
describe('migrating single-entry postings to the general ledger', () => {
  it('gives every posting an entry, keeps every balance, and nets the trial balance to zero', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bm-mig-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === LAST_SINGLE_ENTRY);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
    const h = await openDatabase({ dataDir: 'memory://' });
    try {
      const db = h.db as unknown as PgliteDatabase;
      await migrate(db, { migrationsFolder: dir });
      // The old seed's data, written as the old schema wanted it (ledger_codes, postings without entries).
      const fixture = readFileSync(new URL('./gl-migration.fixture.sql', import.meta.url), 'utf8');
      for (const stmt of fixture.replace(/^--.*$/gm, '').split(/;\s*$/m)) {
        if (stmt.trim()) await h.db.execute(sql.raw(stmt));
      }
      const before = await queryRows(h.db, sql`select id, balance from accounts order by id`);
      const postings = await queryRows<{ n: string }>(h.db, sql`select count(*) as n from transactions`);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      expect(await queryRows(h.db, sql`select id, balance from accounts order by id`)).toEqual(before);
      expect(
        await queryRows(h.db, sql`select count(*) as n from transactions where entry_id is not null`),
      ).toEqual(postings);
      expect(await queryRows(h.db, sql`select problem from ledger_violations()`)).toEqual([]);
      expect(
        await queryRows(
          h.db,
          sql`select currency, sum(balance)::text as net from gl_balances() group by currency order by currency`,
        ),
      ).toEqual([
        { currency: 'SLE', net: '0.00' },
        { currency: 'USD', net: '0.00' },
      ]);
      // And the seed still runs on top (it now writes double-entry data itself).
      await h.db.transaction((tx) =>
        seedBanking(tx, { customers: 5, transactionsPerAccount: 2, seed: 1, reset: true }),
      );
      expect(await queryRows(h.db, sql`select problem from ledger_violations()`)).toEqual([]);
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
