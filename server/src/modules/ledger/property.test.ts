import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

/** 20 or more concurrent workers, as the issue asks; fewer runs on PGlite (one connection, slow). */
const WORKERS = 20;
const RUNS = process.env.TEST_DATABASE_URL ? 6 : 2;
const CASH = '1020-T01';

type Op =
  | { kind: 'deposit' | 'withdrawal'; a: number; amount: string }
  | { kind: 'transfer'; a: number; b: number; amount: string }
  | { kind: 'fx'; usd: number; sle: number; amount: string; rate: string; toSle: boolean }
  | { kind: 'reverse'; pick: number };

const amountArb = fc
  .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 99 }))
  .filter(([i, c]) => i + c > 0)
  .map(([i, c]) => `${i}.${String(c).padStart(2, '0')}`);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('deposit' as const, 'withdrawal' as const),
    a: fc.nat(),
    amount: amountArb,
  }),
  fc.record({ kind: fc.constant('transfer' as const), a: fc.nat(), b: fc.nat(), amount: amountArb }),
  fc.record({
    kind: fc.constant('fx' as const),
    usd: fc.nat(),
    sle: fc.nat(),
    amount: amountArb,
    rate: fc.constantFrom('22.5', '23.125', '0.5', '24'),
    toSle: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
);

/**
 * Random sequences of deposits, withdrawals, transfers, cross-currency movements and reversals, sent
 * over HTTP by 20 concurrent workers; after each run every invariant must hold (ledger_violations()
 * checks them all; the trial balance, control accounts and limits are also checked here directly).
 */
describe('ledger invariants under concurrent random postings (fast-check)', () => {
  let t: TestApp;
  let officer: StaffUser;
  const sle: string[] = [];
  const usd: string[] = [];
  const entries: string[] = [];
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // A superuser: no role limit sends a large posting to four-eyes approval (202), so every posting
    // here is made or refused at once.
    officer = await (await staffUsers(t.app)).make('superuser');
    for (let i = 0; i < 8; i++) {
      const currency = i < 5 ? 'SLE' : 'USD';
      const { accountId } = await openTestAccount(t.db.db, {
        currency,
        ...(i === 0 ? { type: 'Current' as const, overdraftLimit: '500.00' } : {}),
      });
      const [a] = await queryRows<{ n: string }>(
        t.db.db,
        sql`select account_number as n from accounts where id = ${accountId}`,
      );
      (currency === 'SLE' ? sle : usd).push(a!.n);
    }
  });
  afterAll(() => t.close());

  const send = (url: string, body: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: officer.auth }, payload: body });

  async function run(op: Op): Promise<void> {
    const reference = `P-${++seq}`;
    let r;
    if (op.kind === 'deposit' || op.kind === 'withdrawal') {
      const all = [...sle, ...usd];
      r = await send(`/api/accounts/${all[op.a % all.length]}/transactions`, {
        direction: op.kind === 'deposit' ? 'credit' : 'debit',
        amount: op.amount,
        description: op.kind,
        reference,
        counter_account: CASH,
      });
    } else if (op.kind === 'transfer') {
      const pool = op.a % 2 === 0 ? sle : usd;
      const from = pool[op.a % pool.length]!;
      const to = pool[op.b % pool.length]!;
      if (from === to) return;
      r = await send('/api/transfers', {
        from_account: from,
        to_account: to,
        amount: op.amount,
        narration: 'transfer',
        reference,
      });
    } else if (op.kind === 'fx') {
      const [from, to] = op.toSle
        ? [usd[op.usd % usd.length]!, sle[op.sle % sle.length]!]
        : [sle[op.sle % sle.length]!, usd[op.usd % usd.length]!];
      r = await send('/api/transfers', {
        from_account: from,
        to_account: to,
        amount: op.amount,
        rate: op.rate,
        narration: 'fx',
        reference,
      });
    } else if (op.kind === 'reverse') {
      if (entries.length === 0) return;
      r = await send(`/api/journal-entries/${entries[op.pick % entries.length]}/reversal`, { reference });
    }
    if (!r) return;
    // A refusal (409) is a fine outcome; anything else but success is a bug.
    expect([200, 201, 409], r.body).toContain(r.statusCode);
    if (r.statusCode === 201) entries.push(String(r.json().entry_id ?? r.json().id));
  }

  it('keeps every invariant after each run', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: WORKERS, maxLength: WORKERS * 3 }), async (ops) => {
        const lanes = Array.from({ length: WORKERS }, (_, w) => ops.filter((_, i) => i % WORKERS === w));
        await Promise.all(
          lanes.map(async (lane) => {
            for (const op of lane) await run(op);
          }),
        );
        expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);
        // The same invariants, spelled out.
        expect(
          await queryRows(
            t.db.db,
            sql`select currency from gl_balances() group by currency having sum(balance) <> 0`,
          ),
        ).toEqual([]);
        expect(
          await queryRows(
            t.db.db,
            sql`select a.ledger_code from accounts a left join (select account_id, sum(case direction when 'credit' then amount else -amount end) s
                from transactions group by account_id) x on x.account_id = a.id
                group by a.ledger_code, a.currency having sum(a.balance) <> coalesce(sum(x.s), 0)`,
          ),
        ).toEqual([]);
        expect(
          await queryRows(t.db.db, sql`select id from accounts where balance < -overdraft_limit`),
        ).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    expect(entries.length).toBeGreaterThan(RUNS);
  });
});
