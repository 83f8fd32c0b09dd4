import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { writeAudit } from './write-audit.ts';
import { auditKeyPads } from './audit-key.ts';
import { queryRows } from '../../db/rows.ts';

describe('audit log', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  /** Each row (all of the table's, in id order) links to the previous one of its chain, and its hash is its content's. */
  async function expectIntactChains(rows: { chain: number; prevHash: string; hash: string }[]) {
    const lastOf = new Map<number, string>();
    for (const r of rows) {
      expect(r.prevHash).toBe(lastOf.get(r.chain) ?? '');
      lastOf.set(r.chain, r.hash);
    }
    const recomputed = await queryRows(
      h.db,
      sql`select count(*)::int as bad from audit_log a where a.hash <> audit_row_hmac(decode(${auditKeyPads()}, 'hex'), a.prev_hash, a)`,
    );
    expect(recomputed).toEqual([{ bad: 0 }]);
  }

  it('chains rows: each hash covers the previous hash in its chain and the row content', async () => {
    await writeAudit(h.db, { action: 'test.one', outcome: 'success', ip: '127.0.0.1', details: { a: 1 } });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writeAudit(h.db, { action: `test.many`, outcome: 'success', details: { i } }),
      ),
    );
    const rows = await h.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.length).toBe(11);
    // Transactions spread over the eight chains (decision 0020); each chain links on its own.
    expect(new Set(rows.map((r) => r.chain)).size).toBeGreaterThan(1);
    await expectIntactChains(rows);
  });

  it('hashes in the trigger exactly as audit_row_hmac, which verification uses, for every field', async () => {
    // The chain trigger writes the keyed hash out rather than calling the SQL functions; any term
    // that drifted from audit_row_message would make these rows fail verification.
    await writeAudit(h.db, {
      action: 'test.every_field',
      outcome: 'failure',
      actorId: '6f1c2a8e-3d4b-4c5a-9e7f-0a1b2c3d4e5f',
      actorEmail: 'kadiatu.sesay@bank.sl',
      targetType: 'account',
      targetId: '9000000000133',
      ip: '2001:db8::7',
      details: {
        amount: '1234567.89',
        note: 'Kɔnɔ | Freetown “quoted” \\ back',
        nested: { list: [1, null, true] },
      },
    });
    await writeAudit(h.db, { action: 'test.no_optional_fields', outcome: 'success' });
    const bad = await queryRows<{ action: string }>(
      h.db,
      sql`select action from audit_log a
          where a.action like 'test.%' and a.hash <> audit_row_hmac(decode(${auditKeyPads()}, 'hex'), a.prev_hash, a)`,
    );
    expect(bad).toEqual([]);
  });

  it('one transaction keeps to one chain, whatever it writes', async () => {
    await h.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await writeAudit(tx, { action: 'test.same_tx', outcome: 'success' });
    });
    const chains = await queryRows<{ n: number }>(
      h.db,
      sql`select count(distinct chain)::int as n from audit_log where action = 'test.same_tx'`,
    );
    expect(chains).toEqual([{ n: 1 }]);
  });

  it('a transaction continues its chain from the head it wrote; a rollback to a savepoint takes both back', async () => {
    // The trigger keeps the head it wrote in a transaction-local setting (migration 0121): the rows
    // a savepoint's rollback removes must take that head with them, or the next row would link to a
    // row that is not there. Rows of one multi-row statement each link to the one before.
    await h.db.transaction(async (tx) => {
      await writeAudit(tx, { action: 'test.head', outcome: 'success', targetId: 'kept-1' });
      await tx
        .transaction(async (sp) => {
          await writeAudit(sp, { action: 'test.head', outcome: 'success', targetId: 'undone-1' });
          await writeAudit(sp, { action: 'test.head', outcome: 'success', targetId: 'undone-2' });
          throw new Error('roll back to the savepoint');
        })
        .catch((err: Error) => {
          if (err.message !== 'roll back to the savepoint') throw err;
        });
      await writeAudit(tx, { action: 'test.head', outcome: 'success', targetId: 'kept-2' });
      await tx.execute(sql`insert into audit_log (id, action, outcome, target_id, details)
          select 0, 'test.head', 'success', 'bulk-' || n, jsonb_build_object('n', n)
            from (select set_config('bankmanager.audit_key', ${auditKeyPads()}, true)) as keyed, generate_series(1, 40) n`);
    });
    const all = await h.db.select().from(auditLog).orderBy(auditLog.id);
    const mine = all.filter((r) => r.action === 'test.head');
    expect(mine.map((r) => r.targetId)).toEqual([
      'kept-1',
      'kept-2',
      ...Array.from({ length: 40 }, (_, i) => `bulk-${i + 1}`),
    ]);
    await expectIntactChains(all);
  });

  it('a writer whose transaction is still open does not hold up the next one (its own chain)', async () => {
    // PGlite has one connection, so transactions there never overlap; on PostgreSQL the second
    // writer would wait on the first's lock until it commits, if there were one chain.
    if (h.driver !== 'pg') {
      await writeAudit(h.db, { action: 'test.next', outcome: 'success' });
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((r) => (firstWrote = r));
    const first = h.db.transaction(async (tx) => {
      await writeAudit(tx, { action: 'test.first', outcome: 'success' });
      firstWrote();
      await held;
    });
    await wrote;
    const [firstRow] = await queryRows<{ chain: number }>(
      h.db,
      sql`select chain from audit_log where action = 'test.first'`,
    );
    expect(firstRow).toBeUndefined(); // not committed yet
    try {
      // Transaction ids are the cluster's, so another test's transactions may put this one in the
      // first one's chain (1 in 8): then it rolls back and takes the next id.
      for (let landed = false; !landed;) {
        landed = await h.db
          .transaction(async (tx) => {
            // Fails instead of waiting, should this writer need the first one's lock.
            await tx.execute(sql`set local lock_timeout = '5s'`);
            const [mine] = await queryRows<{ busy: boolean }>(
              tx,
              sql`select exists (select 1 from pg_locks where locktype = 'advisory' and granted
                    and classid = 727274002 and objid = txid_current() % 8 and objsubid = 2) as busy`,
            );
            if (mine?.busy) throw new Error('same chain');
            await writeAudit(tx, { action: 'test.next', outcome: 'success' });
            return true;
          })
          .catch((err: Error) => {
            if (err.message !== 'same chain') throw err;
            return false;
          });
      }
    } finally {
      release();
      await first;
    }
    const rows = await queryRows<{ action: string; chain: number }>(
      h.db,
      sql`select action, chain from audit_log where action in ('test.first', 'test.next') order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['test.first', 'test.next']);
    expect(rows[0]!.chain).not.toBe(rows[1]!.chain);
  });

  it('a writer that waited for its chain’s lock is numbered after every row the holder wrote', async () => {
    // Transactions overlap only on PostgreSQL (PGlite has one connection).
    if (h.driver !== 'pg') return;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstWrote!: (stripe: number) => void;
    const wrote = new Promise<number>((r) => (firstWrote = r));
    const holder = h.db.transaction(async (tx) => {
      await writeAudit(tx, { action: 'test.holder', outcome: 'success', targetId: '1' });
      const [s] = await queryRows<{ s: number }>(tx, sql`select (txid_current() % 8)::int as s`);
      firstWrote(s!.s);
      await held;
      // Written while the waiter waits: it must come before the waiter's row in id order too.
      await writeAudit(tx, { action: 'test.holder', outcome: 'success', targetId: '2' });
    });
    const stripe = await wrote;
    // A transaction of the holder's chain (transaction ids are the cluster's: try until one lands in it).
    const waiter = (async () => {
      for (;;) {
        const landed = await h.db
          .transaction(async (tx) => {
            const [s] = await queryRows<{ s: number }>(tx, sql`select (txid_current() % 8)::int as s`);
            if (s!.s !== stripe) throw new Error('other chain');
            await writeAudit(tx, { action: 'test.waiter', outcome: 'success' });
            return true;
          })
          .catch((err: Error) => {
            if (err.message !== 'other chain') throw err;
            return false;
          });
        if (landed) return;
      }
    })();
    try {
      for (let waiting = false; !waiting;) {
        const [w] = await queryRows<{ waiting: boolean }>(
          h.db,
          sql`select exists (select 1 from pg_locks where locktype = 'advisory' and not granted
                and classid = 727274002 and objid = ${stripe} and objsubid = 2) as waiting`,
        );
        waiting = w!.waiting;
        if (!waiting) await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      release();
      await holder;
    }
    await waiter;
    const rows = await queryRows<{ action: string; targetId: string | null }>(
      h.db,
      sql`select action, target_id as "targetId" from audit_log
           where action in ('test.holder', 'test.waiter') order by id`,
    );
    expect(rows).toEqual([
      { action: 'test.holder', targetId: '1' },
      { action: 'test.holder', targetId: '2' },
      { action: 'test.waiter', targetId: null },
    ]);
    const all = await h.db.select().from(auditLog).orderBy(auditLog.id);
    await expectIntactChains(all);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    // Drizzle wraps driver errors; the database's own message is the cause.
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(h.db.execute(sql`update audit_log set action = 'x'`)).rejects.toMatchObject(refused);
    await expect(h.db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refused);
    await expect(h.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
  });
});
