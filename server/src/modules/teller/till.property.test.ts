import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TellerTransaction, TillSession } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { BRANCH, cashAccount, leones, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';
import { fromCents, toCents } from '../ledger/index.ts';

/** Tellers at their tills, two workers per till, all posting at once; fewer runs on PGlite. */
const TELLERS = 6;
const WORKERS = TELLERS * 2;
const RUNS = process.env.TEST_DATABASE_URL ? 6 : 2;

type Op =
  | { kind: 'deposit' | 'withdrawal'; account: number; amount: string }
  | { kind: 'buy' | 'sell'; amount: string; approve: boolean };

const amountArb = (max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 99 }))
    .filter(([i, c]) => i + c > 0)
    .map(([i, c]) => `${i}.${String(c).padStart(2, '0')}`);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('deposit' as const, 'withdrawal' as const),
      account: fc.nat(),
      amount: amountArb(30_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('buy' as const, 'sell' as const),
      amount: amountArb(20_000),
      approve: fc.boolean(),
    }),
  },
);

/**
 * Random deposits, withdrawals (over the teller's limit they go through a supervisor's approval and
 * are then paid) and vault transfers, sent over HTTP by two workers per till at once. After each run:
 * every ledger invariant holds (ledger_violations() includes the till sub-ledger), each till's cash
 * is its allocation plus its postings and never below zero, the tills add up to the branch's teller
 * cash, and the vault never went below zero. At the end every till closes with a random count and
 * the differences land on 5020.
 */
describe('till cash under concurrent tellers (fast-check)', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  const tellers: StaffUser[] = [];
  const sessions: string[] = [];
  const accounts: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    for (let i = 0; i < TELLERS; i++) {
      const u = await scene.makeStaff('activated', `prop${i}`);
      await setRoles(t.app, u.userId, ['teller'], BRANCH);
      tellers.push(u);
      sessions.push(await openTill(scene, u, '20000.00', `P-${i}`));
      accounts.push((await cashAccount(t.app, { balance: '200000.00' })).number);
    }
  }, 120_000);
  afterAll(() => t.close());

  const post = (url: string, who: StaffUser, body?: object) => scene.call('POST', url, who, body);

  async function run(teller: number, op: Op): Promise<void> {
    const who = tellers[teller]!;
    if (!('account' in op)) {
      const r = await post(`/api/teller/sessions/${sessions[teller]}/vault-transfers`, who, {
        reference: ref('V'),
        direction: op.kind,
        count: leones(op.amount),
      });
      expect([202, 409], r.body).toContain(r.statusCode);
      if (r.statusCode !== 202) return;
      const id = r.json<{ approvalId: string }>().approvalId;
      const d = op.approve
        ? await post(`/api/approvals/${id}/approve`, scene.sup)
        : await post(`/api/approvals/${id}/reject`, scene.sup, { reason: 'property' });
      // Approval may find the till or vault short by now: a 409, and nothing moved.
      expect([200, 409], d.body).toContain(d.statusCode);
      return;
    }
    const r = await post(`/api/teller/${op.kind}s`, who, {
      reference: ref('C'),
      accountNumber: accounts[op.account % accounts.length],
      amount: op.amount,
      partyName: 'Property Test',
      partyIdNumber: 'P-1',
      signatureConfirmed: true,
    });
    expect([201, 202, 409], r.body).toContain(r.statusCode);
    if (r.statusCode !== 202) return;
    const w = r.json<TellerTransaction>();
    const a = await post(`/api/approvals/${w.approvalId}/approve`, scene.sup2);
    expect(a.statusCode, a.body).toBe(200);
    const pay = await post(`/api/teller/withdrawals/${w.id}/pay`, who);
    expect([201, 409], pay.body).toContain(pay.statusCode);
  }

  async function checkTills(): Promise<void> {
    expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);
    const list = await scene.call('GET', `/api/teller/sessions?branch=${BRANCH}&pageSize=100`, scene.sup);
    const tills = list.json<TillSession[]>().filter((s) => s.status !== 'closed');
    let sum = 0n;
    for (const s of tills) {
      const expected =
        toCents(s.openingAllocation) +
        toCents(s.deposits.amount) -
        toCents(s.withdrawals.amount) +
        toCents(s.vaultIn) -
        toCents(s.vaultOut);
      expect(toCents(s.expected!), s.tillCode).toBe(expected);
      expect(expected >= 0n).toBe(true);
      sum += expected;
    }
    const [gl] = await queryRows<{ teller: string; vault: string }>(
      t.db.db,
      sql`select coalesce((select sum(balance) from gl_balances() where gl_code = ${`1020-${BRANCH}`} and currency = 'SLE'), 0)::text as teller,
                 coalesce((select sum(balance) from gl_balances() where gl_code = ${`1010-${BRANCH}`} and currency = 'SLE'), 0)::text as vault`,
    );
    expect(toCents(gl!.teller)).toBe(sum);
    expect(toCents(gl!.vault) >= 0n).toBe(true);
  }

  it('keeps every till equal to its allocation plus its postings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: WORKERS, maxLength: WORKERS * 3 }), async (ops) => {
        const lanes = Array.from({ length: WORKERS }, (_, w) => ops.filter((_, i) => i % WORKERS === w));
        await Promise.all(
          lanes.map(async (lane, w) => {
            for (const op of lane) await run(w % TELLERS, op);
          }),
        );
        await checkTills();
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('closes every till with a random count; the differences land on cash shortage and overage', async () => {
    const diffs = fc.sample(fc.integer({ min: -500, max: 500 }), TELLERS);
    let net = 0n;
    await Promise.all(
      tellers.map(async (who, i) => {
        const s = (
          await scene.call('GET', `/api/teller/sessions/${sessions[i]}`, scene.sup)
        ).json<TillSession>();
        const counted = toCents(s.expected!) + BigInt(diffs[i]!) * 100n;
        const total = counted < 0n ? 0n : counted;
        const r = await post(`/api/teller/sessions/${sessions[i]}/close`, who, {
          reference: ref('CL'),
          count: leones(fromCents(total)),
        });
        expect([200, 202], r.body).toContain(r.statusCode);
        net += total - toCents(s.expected!);
        if (r.statusCode === 202) {
          const d = await post(
            `/api/approvals/${r.json<{ approvalId: string }>().approvalId}/approve`,
            scene.sup,
          );
          expect(d.statusCode, d.body).toBe(200);
        }
      }),
    );
    await checkTills();
    const [r] = await queryRows<{ b: string }>(
      t.db.db,
      sql`select coalesce(sum(balance), 0)::text as b from gl_balances() where gl_code = '5020' and currency = 'SLE'`,
    );
    // 5020 is debit-positive: shortages are debits, overages credits.
    expect(toCents(r!.b)).toBe(-net);
  }, 120_000);
});
