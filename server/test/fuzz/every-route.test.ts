import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/rows.ts';
import { verifyAuditChain } from '../../src/modules/audit/verify-chain.ts';
import { FUZZ_RUNS, FUZZ_SEED, FuzzWorld, explain, routeSeed, type Outcome } from './fuzz-world.ts';
import type { FuzzRoute } from './route-registry.ts';
import { fuzzCaseArb, isWrite, plainCase, type FuzzCase } from './request-cases.ts';
import { refusedWriteCases } from './refused-writes.ts';
import { auditAppendedSince, auditMark, changedTables, tableChecksums } from './table-checksum.ts';

/**
 * GET routes that write by protocol (GoTrue): the link in a mail confirms an address; reauthenticate
 * mails a code. Every other GET and HEAD must leave every table as it was.
 */
const WRITING_GETS = new Set(['GET /auth/v1/verify', 'GET /auth/v1/reauthenticate']);

/**
 * Property-based fuzzing of every /api, /auth/v1 and /rest/v1 route, found from the real app (see
 * README.md). `FUZZ_RUNS` random cases in all (default: the short run of `npm test`; `npm run
 * test:fuzz` runs thousands), replayable with `FUZZ_SEED`. The tests run in order on one app.
 */
describe('fuzz: every API route', () => {
  let w: FuzzWorld;
  const started = performance.now();
  const count = { refused: 0, random: 0 };
  beforeAll(async () => {
    w = await FuzzWorld.create();
  }, 120_000);
  afterAll(() => w?.close());

  it('refused writes change no table: transport garbage and forged callers on every write route', async () => {
    const db = w.t.db.db;
    const before = await tableChecksums(db);
    const mark = await auditMark(db);
    const accepted: string[] = [];
    for (const route of w.routes.filter((r) => isWrite(r.method))) {
      for (const c of refusedWriteCases(route, w.pools)) {
        const o = await w.send(route, c);
        count.refused++;
        expect(o.problems, explain(o)).toEqual([]);
        if (o.statusCode < 400) {
          accepted.push(explain(o));
          await w.callers.repair(); // so that one accepted sign-out does not hide the next defects
        }
      }
    }
    expect(accepted, 'these writes should have been refused').toEqual([]);
    expect(changedTables(before, await tableChecksums(db))).toEqual([]);
    // Refusals may be audited (as failures or denials), never as something that happened.
    expect((await auditAppendedSince(db, mark)).filter((a) => a.outcome === 'success')).toEqual([]);
  });

  // The examples of every route, then FUZZ_RUNS random cases; the short run took 69 s with a second
  // test file beside it on a 2-core machine, so the budget is generous and grows with FUZZ_RUNS.
  it(
    'answers random input with a clear 4xx, never a 5xx; only a successful write changes data',
    { timeout: 240_000 + FUZZ_RUNS * 120 },
    async () => {
      const db = w.t.db.db;
      await w.callers.repair();
      let baseline = await tableChecksums(db);
      let mark = await auditMark(db);
      const check = async (o: Outcome, route: FuzzRoute) => {
        count.random++;
        const before = baseline;
        const after = await tableChecksums(db);
        const appended = await auditAppendedSince(db, mark);
        const wrote = o.statusCode < 400 && (isWrite(route.method) || WRITING_GETS.has(route.key));
        baseline = after;
        mark = await auditMark(db);
        // A fuzzed sign-out or ban may have hit a caller: restore it so the next cases get past the guards.
        if (wrote && (await w.callers.repair())) {
          baseline = await tableChecksums(db);
          mark = await auditMark(db);
        }
        expect(o.problems, explain(o)).toEqual([]);
        if (!wrote)
          expect(changedTables(before, after), `changed by a refused or read request: ${explain(o)}`).toEqual(
            [],
          );
        if (o.statusCode >= 400) {
          expect(
            appended.filter((a) => a.outcome === 'success'),
            `audited as a success: ${explain(o)}`,
          ).toEqual([]);
        }
      };

      const failures: string[] = [];
      const perRoute = Math.ceil(FUZZ_RUNS / w.routes.length);
      for (const route of w.routes) {
        // First a plain request by each all-powerful caller, so every route is reached past its guards.
        const examples: [FuzzCase][] = [
          [plainCase(route, w.pools, 'superuser')],
          [plainCase(route, w.pools, 'serviceKey')],
        ];
        try {
          await fc.assert(
            fc.asyncProperty(fuzzCaseArb(route, w.pools), async (c) => check(await w.send(route, c), route)),
            { numRuns: examples.length + perRoute, seed: routeSeed(route), examples, endOnFailure: true },
          );
        } catch (err) {
          const cause =
            (err as Error).cause instanceof Error ? `\n${((err as Error).cause as Error).message}` : '';
          failures.push(`${route.key} (replay: FUZZ_SEED=${FUZZ_SEED}):\n${(err as Error).message}${cause}`);
        }
      }
      expect(failures.join('\n\n'), `${failures.length} routes failed`).toBe('');
    },
  );

  it('reached every route, and got past the guards of each', () => {
    expect(w.routes.length).toBeGreaterThan(50);
    expect(w.recorder.unreached(), 'no request reached these routes').toEqual([]);
    expect(w.recorder.onlyGuarded(), 'every request to these was refused by a guard').toEqual([]);
  });

  it('is still up afterwards, with consistent data', async () => {
    expect((await w.t.app.inject('/api/health')).statusCode).toBe(200);
    const db = w.t.db.db;
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
    expect(await queryRows(db, sql`select * from ledger_violations()`)).toEqual([]);
    expect(await queryRows(db, sql`select * from registered_user_keys_violations()`)).toEqual([]);
    // Whatever random input created, it created whole users: none without a profile or staff row.
    const orphans = await queryRows(
      db,
      sql`select u.id from auth_users u left join profiles p on p.id = u.id left join staff s on s.user_id = u.id
          where p.id is null or s.user_id is null`,
    );
    expect(orphans).toEqual([]);
    if (process.env.FUZZ_VERBOSE) {
      for (const r of w.routes) {
        const byStatus = new Map<number, number>();
        for (const st of w.recorder.hits.get(r.key) ?? []) byStatus.set(st, (byStatus.get(st) ?? 0) + 1);
        console.log(
          `${r.key.padEnd(48)} ${[...byStatus]
            .sort(([a], [b]) => a - b)
            .map(([st, n]) => `${st}×${n}`)
            .join(' ')}`,
        );
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${w.routes.length} routes, ${count.refused} refused-write cases + ${count.random} random cases ` +
        `(FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED}) in ${seconds} s`,
    );
  });
});
