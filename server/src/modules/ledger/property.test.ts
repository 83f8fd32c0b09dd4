import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { giveLargeLimits } from '../../../test/support/roles.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { BlockIntervals } from '../../../test/support/block-intervals.ts';

/** 20 or more concurrent workers, as the issue asks; fewer runs on PGlite (one connection, slow). */
const WORKERS = 20;
const RUNS = process.env.TEST_DATABASE_URL ? 6 : 2;
const CASH = '1900';

type Op =
  | { kind: 'deposit' | 'withdrawal'; a: number; amount: string }
  | { kind: 'transfer'; a: number; b: number; amount: string }
  | { kind: 'fx'; usd: number; sle: number; amount: string; rate: string; toSle: boolean }
  | { kind: 'reverse'; pick: number }
  // Payments: standing orders registered and run (by several workers at once).
  | { kind: 'order'; a: number; b: number; amount: string }
  | { kind: 'run' }
  // Deposits: holds and blocks interleave with the postings.
  | { kind: 'hold'; a: number; amount: string }
  | { kind: 'release'; pick: number }
  | { kind: 'block'; a: number; total: boolean }
  | { kind: 'unblock'; a: number };

const amountArb = fc
  .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 99 }))
  .filter(([i, c]) => i + c > 0)
  .map(([i, c]) => `${i}.${String(c).padStart(2, '0')}`);
// Weighted so that money moves in most steps: blocks pile up (lifting one is four-eyes), and with
// equal weights most postings of a run were refused and the run proved little.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom('deposit' as const, 'withdrawal' as const),
      a: fc.nat(),
      amount: amountArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      a: fc.nat(),
      b: fc.nat(),
      amount: amountArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fx' as const),
      usd: fc.nat(),
      sle: fc.nat(),
      amount: amountArb,
      rate: fc.constantFrom('22.5', '23.125', '0.5', '24'),
      toSle: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      a: fc.nat(),
      b: fc.nat(),
      amount: amountArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const), a: fc.nat(), amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('block' as const), a: fc.nat(), total: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unblock' as const), a: fc.nat() }) },
);

/**
 * Random sequences of deposits, withdrawals, transfers, cross-currency movements, reversals, holds,
 * releases, blocks and unblocks, sent over HTTP by 20 concurrent workers; after each run every
 * invariant must hold (ledger_violations() checks them all; the trial balance, control accounts,
 * limits and available balances are also checked here directly), and no posting succeeded while its
 * account was certainly blocked against it (BlockIntervals).
 */
describe('ledger invariants under concurrent random postings (fast-check)', () => {
  let t: TestApp;
  let officer: StaffUser;
  let checker: StaffUser;
  const blocks = new BlockIntervals();
  const holdsPlaced: { account: string; id: string }[] = [];
  const sle: string[] = [];
  const usd: string[] = [];
  const entries: string[] = [];
  let seq = 0;
  let businessDate = '';

  beforeAll(async () => {
    t = await createTestApp();
    // Superusers with a test role of the largest limits: no limit sends a posting to four-eyes
    // approval (202), so every posting here is made or refused at once.
    const staff = await staffUsers(t.app);
    officer = await staff.make('superuser');
    // Unblocking is four-eyes: a second person approves the officer's requests.
    checker = await staff.make('superuser', 'checker');
    for (const u of [officer, checker]) await giveLargeLimits(t.app, u.userId);
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
    businessDate = (await send('/api/business-date', undefined, officer, 'GET')).json().business_date;
  });
  afterAll(() => t.close());

  const send = (url: string, body?: object, who = officer, method: 'GET' | 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, payload: body });
  const all = () => [...sle, ...usd];

  /** Holds and blocks; a refusal (409) is a fine outcome, as for postings. */
  async function control(op: Extract<Op, { kind: 'hold' | 'release' | 'block' | 'unblock' }>): Promise<void> {
    if (op.kind === 'hold') {
      const account = all()[op.a % all().length]!;
      const r = await send(`/api/accounts/${account}/holds`, { amount: op.amount, reason: 'property' });
      expect([201, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 201) holdsPlaced.push({ account, id: r.json().id });
    } else if (op.kind === 'release') {
      const h = holdsPlaced[op.pick % Math.max(1, holdsPlaced.length)];
      if (!h) return;
      const r = await send(`/api/accounts/${h.account}/holds/${h.id}`, {}, officer, 'DELETE');
      expect([200, 409], r.body).toContain(r.statusCode);
    } else if (op.kind === 'block') {
      const account = all()[op.a % all().length]!;
      const action = op.total ? 'block_total' : 'block_debit';
      const r = await send(`/api/accounts/${account}/status`, { action, reason: 'property' });
      expect([200, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 200) blocks.blocked(account, op.total ? 'total' : 'debit');
    } else {
      const account = all()[op.a % all().length]!;
      const sent = blocks.tick();
      const r = await send(`/api/accounts/${account}/status`, { action: 'unblock', reason: 'property' });
      expect([202, 409], r.body).toContain(r.statusCode);
      if (r.statusCode !== 202) return;
      const d = await send(`/api/approvals/${r.json().approvalId}/approve`, {}, checker);
      expect([200, 409], d.body).toContain(d.statusCode);
      if (d.statusCode === 200) blocks.unblocked(account, sent);
    }
  }

  async function run(op: Op): Promise<void> {
    if (op.kind === 'hold' || op.kind === 'release' || op.kind === 'block' || op.kind === 'unblock')
      return control(op);
    const reference = `P-${++seq}`;
    const sent = blocks.tick();
    let r;
    let legs: [string, 'debit' | 'credit'][] = [];
    if (op.kind === 'deposit' || op.kind === 'withdrawal') {
      const account = all()[op.a % all().length]!;
      legs = [[account, op.kind === 'deposit' ? 'credit' : 'debit']];
      r = await send(`/api/accounts/${account}/transactions`, {
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
      legs = [
        [from, 'debit'],
        [to, 'credit'],
      ];
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
      legs = [
        [from, 'debit'],
        [to, 'credit'],
      ];
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
      // Four-eyes: the officer asks, the checker approves (which posts the reversal, or is refused).
      const asked = await send(`/api/journal-entries/${entries[op.pick % entries.length]}/reversal`, {
        reference,
        reason: 'property',
      });
      expect([202, 409], asked.body).toContain(asked.statusCode);
      if (asked.statusCode !== 202) return;
      r = await send(`/api/approvals/${asked.json().approvalId}/approve`, {}, checker);
    } else if (op.kind === 'order') {
      const pool = op.a % 2 === 0 ? sle : usd;
      const [from, to] = [pool[op.a % pool.length]!, pool[op.b % pool.length]!];
      if (from === to) return;
      const o = await send('/api/standing-orders', {
        from_account: from,
        to_account: to,
        amount: op.amount,
        narration: 'property order',
        frequency: 'monthly',
        start_date: businessDate,
        reference,
      });
      expect(o.statusCode, o.body).toBe(201);
      return;
    } else if (op.kind === 'run') {
      // Runs race each other: each due date still posts at most once. Their postings are not
      // tracked against blocks (BlockIntervals), as the run decides which accounts it touches.
      const run = await send('/api/standing-orders/run', {});
      expect(run.statusCode, run.body).toBe(200);
      return;
    }
    if (!r) return;
    // A refusal (409) is a fine outcome, as is the 400 for a cross-currency amount that converts to
    // zero cents (e.g. Le 0.01 at 22.5 to the dollar); anything else but success is a bug.
    const convertsToZero = op.kind === 'fx' && r.statusCode === 400 && /credited amount is zero/.test(r.body);
    if (!convertsToZero) expect([200, 201, 409], r.body).toContain(r.statusCode);
    if (r.statusCode === 201) {
      entries.push(String(r.json().entry_id ?? r.json().id));
      for (const [account, side] of legs) blocks.posting(account, side, sent);
    }
  }

  it('keeps every invariant after each run', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: WORKERS, maxLength: WORKERS * 3 }), async (ops) => {
        // Not vacuous: every run posts at least one entry, whatever its random operations refuse
        // (blocks, holds and limits may refuse them all): a deposit to an account it unblocks first.
        const before = entries.length;
        await run({ kind: 'unblock', a: 0 });
        await run({ kind: 'deposit', a: 0, amount: '1.00' });
        expect(entries.length, 'the run’s opening deposit posted').toBeGreaterThan(before);
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
        // Holds: no debit ever took an account below its holds (less an unexpired overdraft limit).
        expect(
          await queryRows(
            t.db.db,
            sql`select id from accounts where account_type <> 'Loan' and balance < account_held(id, held) - overdraft_limit`,
          ),
        ).toEqual([]);
        expect(
          await queryRows(
            t.db.db,
            sql`select a.id from accounts a where a.held <> (select coalesce(sum(amount), 0) from account_holds h
                where h.account_id = a.id and h.released_at is null)`,
          ),
        ).toEqual([]);
        expect(blocks.violations()).toEqual([]);
        // Standing orders: one journal per posted due date, never two.
        expect(
          await queryRows(
            t.db.db,
            sql`select o.id from standing_orders o
                where (select count(*) from journal_entries e where e.reference like 'SO' || o.id || '-%')
                   <> (select count(*) from standing_order_runs r where r.order_id = o.id and r.status = 'posted')`,
          ),
        ).toEqual([]);
      }),
      // No shrinking: with 20 workers racing, a smaller case does not replay the failing interleaving,
      // and re-running the property dozens of times only ran past the test's timeout, hiding which
      // assertion had failed. The first counterexample is reported as it is.
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(entries.length).toBeGreaterThanOrEqual(RUNS);
  });
});
