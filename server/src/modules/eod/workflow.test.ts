import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EOD_TEXT, type EodPrechecks, type EodRun } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { LedgerError, postEntry } from '../ledger/index.ts';
import { requestApproval } from '../approvals/index.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  bookCounts,
  businessDate,
  openAccount,
  runEndOfDay,
  waitForRun,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';
import { EodRunner } from './runner.ts';

describe('running end of day: pre-checks, four-eyes, one run at a time, failures and resuming', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
    await openAccount(t.app, { product: 'E-SAV', deposit: '25000.00' });
  });
  afterEach(() => {
    delete t.app.eodHooks.openTillSessions;
    delete t.app.eodHooks.runDueStandingOrders;
  });

  const prechecks = async () =>
    (await staff.call('GET', '/api/eod/prechecks', staff.maker)).json<EodPrechecks>();

  it('needs eod.run on every route', async () => {
    const clerk = staff.clerk;
    for (const [method, url] of [
      ['GET', '/api/eod/prechecks'],
      ['POST', '/api/eod/runs'],
      ['GET', '/api/eod/runs'],
      ['GET', '/api/calendar/holidays'],
    ] as const) {
      const res = await staff.call(method, url, clerk, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('says plainly that no tills module is installed, and blocks on an open till once one is (test double)', async () => {
    delete t.app.eodHooks.openTillSessions; // app.ts set the teller module's; this test starts without
    const none = (await prechecks()).checks.find((c) => c.key === 'tills_closed')!;
    expect(none).toMatchObject({ state: 'unavailable', message: EOD_TEXT.noTillsModule });
    t.app.eodHooks.openTillSessions = async () => [
      {
        sessionId: 's-1',
        branchCode: '301',
        tellerEmail: 'teller@bank.sl',
        openedAt: '2026-11-24T08:00:00Z',
      },
    ];
    const open = (await prechecks()).checks.find((c) => c.key === 'tills_closed')!;
    expect(open).toMatchObject({ state: 'fail', message: EOD_TEXT.tillsOpen(1) });
    expect(open.items[0]).toMatchObject({ teller: 'teller@bank.sl', branch: '301' });
    const refused = await staff.call('POST', '/api/eod/runs', staff.maker, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toMatchObject({ code: 'precheck_failed', failed: ['tills_closed'] });
    t.app.eodHooks.openTillSessions = async () => [];
    expect((await prechecks()).checks.find((c) => c.key === 'tills_closed')!.state).toBe('pass');
  });

  it('lists pending requests and runs only when they are carried over explicitly; suspense needs acknowledging', async () => {
    const approvalId = await t.app.db.transaction((tx) =>
      requestApproval(tx, {
        type: 'account.overdraft',
        subjectType: 'account',
        subjectId: 'someone',
        command: {},
        maker: { id: staff.maker.userId, email: staff.maker.email, ip: null },
        branch: null,
      }),
    );
    await postEntry(t.app.db, {
      source: 'manual',
      narration: 'Unexplained difference',
      lines: [
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '12.50' },
        { glCode: '3020', currency: 'SLE', side: 'credit', amount: '12.50' },
      ],
      audit: { action: 'test.suspense', targetType: 'gl', targetId: '1900' },
    });
    const checks = await prechecks();
    expect(checks.pendingApprovals.map((p) => p.id)).toEqual([approvalId]);
    expect(checks.checks.find((c) => c.key === 'suspense_zero')).toMatchObject({ state: 'acknowledge' });
    const bare = await staff.call('POST', '/api/eod/runs', staff.maker, {});
    expect(bare.statusCode).toBe(409);
    expect(bare.json().details.failed).toEqual(['pending_approvals', 'suspense_zero']);
    const wrong = await staff.call('POST', '/api/eod/runs', staff.maker, {
      carryOverApprovalIds: ['00000000-0000-4000-8000-000000000000'],
      acknowledgeSuspense: true,
    });
    expect(wrong.statusCode).toBe(409);
    const run = await runEndOfDay(t, staff, {
      carryOverApprovalIds: [approvalId],
      acknowledgeSuspense: true,
    });
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run).toMatchObject({ carriedOver: 1, suspenseAcknowledged: true });
    const [carried] = await queryRows<{ business_date: string; status: string }>(
      t.app.db,
      sql`select business_date::text, status from approval_requests where id = ${approvalId}::uuid`,
    );
    expect(carried).toEqual({ business_date: '2026-11-25', status: 'pending' });
    await t.app.db.execute(
      sql`update approval_requests set status = 'withdrawn' where id = ${approvalId}::uuid`,
    );
  });

  it('is four-eyes: the maker cannot confirm their own run, a second run waits for the first, a rejection cancels it', async () => {
    const res = await staff.call('POST', '/api/eod/runs', staff.maker, { acknowledgeSuspense: true });
    expect(res.statusCode).toBe(202);
    const { approvalId, runId } = res.json<{ approvalId: string; runId: string }>();
    const own = await staff.call('POST', `/api/approvals/${approvalId}/approve`, staff.maker);
    expect(own.statusCode).toBe(409);
    const second = await staff.call('POST', '/api/eod/runs', staff.checker, { acknowledgeSuspense: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toEqual({ code: 'run_active' });
    const rejected = await staff.call('POST', `/api/approvals/${approvalId}/reject`, staff.checker, {
      reason: 'Not yet',
    });
    expect(rejected.statusCode).toBe(200);
    const run = (await staff.call('GET', `/api/eod/runs/${runId}`, staff.maker)).json<EodRun>();
    expect(run.status).toBe('cancelled');
    expect(await businessDate(t.app)).toBe('2026-11-25');
  });

  it('closes the day to other postings while it runs (the cut-off)', async () => {
    const a = await openAccount(t.app, { product: 'E-SAV' });
    await t.app.db.execute(sql`update bank_business_date set closing_run_id = 999`);
    const refusal = await postEntry(t.app.db, {
      source: 'posting',
      narration: 'Late deposit',
      lines: [
        { accountId: a.id, side: 'credit', amount: '5.00' },
        { glCode: '1020-301', currency: 'SLE', side: 'debit', amount: '5.00' },
      ],
      audit: { action: 'test.teller', targetType: 'account', targetId: String(a.id) },
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(LedgerError);
    expect(refusal).toMatchObject({ code: 'day_closing', message: EOD_TEXT.dayClosing });
    await t.app.db.execute(sql`update bank_business_date set closing_run_id = null`);
  });

  it('runs the standing orders step through the registered module (test double) with the business date', async () => {
    const calls: [string, string | undefined][] = [];
    t.app.eodHooks.runDueStandingOrders = async (_db, date, actor) => {
      calls.push([date, actor?.email]);
      return { posted: 3, failed: 1, skipped: 2 };
    };
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(calls).toEqual([['2026-11-25', staff.maker.email]]);
    expect(run.steps.find((s) => s.step === 'standing_orders')).toMatchObject({
      status: 'done',
      rowsDone: 6,
      rowsFailed: 1,
      totals: { posted: '3', failed: '1', skipped: '2' },
    });
  });

  it('records a failed step, leaves the business date where it is, and goes on from that step when retried', async () => {
    let fail = true;
    t.app.eodHooks.runDueStandingOrders = async () => {
      if (fail) throw new Error('payments gateway unreachable');
      return { posted: 0, failed: 0, skipped: 0 };
    };
    const date = await businessDate(t.app);
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status).toBe('failed');
    expect(run.error).toBe('payments gateway unreachable');
    expect(run.steps[0]).toMatchObject({
      step: 'standing_orders',
      status: 'failed',
      error: 'payments gateway unreachable',
    });
    expect(run.steps.slice(1).every((s) => s.status === 'pending')).toBe(true);
    expect(await businessDate(t.app)).toBe(date);
    fail = false;
    const retry = await staff.call('POST', `/api/eod/runs/${run.id}/retry`, staff.maker);
    expect(retry.statusCode).toBe(202);
    const done = await waitForRun(t, staff, run.id);
    expect(done.status, done.error ?? '').toBe('completed');
    expect(await businessDate(t.app)).not.toBe(date);
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('goes through a completed run again from every step’s start, the lanes’ places included', async () => {
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status, run.error ?? '').toBe('completed');
    // As a month end's interest posting leaves them (skipped today, so nothing sets them again).
    await t.app.db.execute(
      sql`update eod_run_steps set lane_cursors = '{5,7}', cursor = 9 where run_id = ${run.id}::bigint and step = 'interest_posting'`,
    );
    const retry = await staff.call('POST', `/api/eod/runs/${run.id}/retry`, staff.maker);
    expect(retry.statusCode).toBe(202);
    expect((await waitForRun(t, staff, run.id)).status).toBe('completed');
    const [step] = await queryRows<{ lanes: string[] | null; cursor: string }>(
      t.app.db,
      sql`select lane_cursors::text[] as lanes, cursor::text from eod_run_steps
           where run_id = ${run.id}::bigint and step = 'interest_posting'`,
    );
    expect(step).toEqual({ lanes: null, cursor: '0' });
  });

  it('resumes a run whose server died (its lease ran out), and two servers never both work on it', async () => {
    const res = await staff.call('POST', '/api/eod/runs', staff.maker, { acknowledgeSuspense: true });
    const { approvalId, runId } = res.json<{ approvalId: string; runId: string }>();
    // Approved while no runner looks, then left as a dead server leaves it: running, lease expired.
    const live = (await import('./runners.ts')).eodRunnerFor(t.app.dbHandle)!;
    await live.stop();
    await staff.call('POST', `/api/approvals/${approvalId}/approve`, staff.checker);
    await t.app.db
      .execute(sql`update eod_runs set status = 'running', worker_id = 'dead-server', lease_until = now() - interval '1 second'
                               where id = ${runId}::bigint`);
    await t.app.db.execute(
      sql`update eod_run_steps set status = 'done' where run_id = ${runId}::bigint and position <= 2`,
    );
    const before = await bookCounts(t.app);
    const log = { info: () => {}, error: () => {} };
    const hooks = t.app.eodHooks;
    const a = new EodRunner(t.app.dbHandle, { chunkRows: 1, leaseSeconds: 5, pollMs: 60_000, log, hooks });
    const b = new EodRunner(t.app.dbHandle, { chunkRows: 1, leaseSeconds: 5, pollMs: 60_000, log, hooks });
    a.kick();
    b.kick();
    await Promise.all([a.idle(), b.idle()]);
    const run = (await staff.call('GET', `/api/eod/runs/${runId}`, staff.maker)).json<EodRun>();
    expect(run.status, run.error ?? '').toBe('completed');
    const after = await bookCounts(t.app);
    expect(after.entries).toBeGreaterThan(before.entries);
    // Booked twice anywhere, interest payable would no longer equal the accounts' accruals.
    expect(await allViolations(t.app)).toEqual([]);
    await a.stop();
    await b.stop();
  });
});
