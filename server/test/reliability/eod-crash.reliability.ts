import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { EodRun } from '@bankmanager/contracts';
import { loadConfig } from '../../src/config.ts';
import { queryRows } from '../../src/db/rows.ts';
import { seedBanking } from '../../src/db/seed/banking/index.ts';
import { resolveAuditKey, setAuditKey, verifyAuditChain } from '../../src/modules/audit/index.ts';
import { insertSteps } from '../../src/modules/eod/run-repository.ts';
import { loanBookViolations, seedDemoLoans } from '../../src/modules/loan-book/index.ts';
import type { ChildProcess } from 'node:child_process';
import { killAllServers, spawnServer, type RunningServer } from '../support/spawn-server.ts';
import { apiCall, signUp, type Session } from './auth-client.ts';
import { anonKeyOf, freePort, pgliteBackend, postgresBackend, serverEnv, type Backend } from './backends.ts';
import { sleep } from './http.ts';

/**
 * End of day under SIGKILL (docs/end-of-day.md): a month-end run on seeded data, in small chunks, the server
 * killed while a step is half done (twice), restarted; the run must complete from where it stopped,
 * post nothing twice (every ledger and end-of-day invariant holds, the audit chain verifies), and a
 * second run of the same date must change nothing.
 */
describe('end of day survives SIGKILL mid-run', () => {
  const backends: Backend[] = [];
  afterAll(() => {
    killAllServers();
    for (const b of backends) b.dispose();
  });

  for (const name of ['pglite', 'postgres'] as const) {
    it(`resumes and completes on ${name}, posting nothing twice`, async () => {
      const backend = name === 'pglite' ? pgliteBackend() : await postgresBackend();
      backends.push(backend);
      const port = await freePort();
      // Small chunks, so a kill lands inside a step.
      const env = serverEnv(backend, port, {
        EOD_CHUNK_ROWS: name === 'pglite' ? '40' : '100',
        EOD_LEASE_SECONDS: '3',
      });
      const base = `http://127.0.0.1:${port}`;
      setAuditKey(resolveAuditKey(loadConfig({ ...process.env, ...env })));

      // Seeded history, a month end to close, and the run queued as an approval would leave it.
      const setup = await backend.open();
      const anonKey = await anonKeyOf(setup, env);
      await setup.db.transaction((tx) =>
        seedBanking(tx, { customers: 3000, transactionsPerAccount: 3, seed: 7 }),
      );
      await setup.db
        .execute(sql`insert into bank_business_date (id, business_date) values (true, date '2026-11-30')
                                 on conflict (id) do update set business_date = excluded.business_date`);
      await setup.close();
      // The staff member who watches, signed up on a first start (before any run exists).
      let server: RunningServer = await spawnServer(env);
      const admin = await signUp(base, anonKey, 'eod.crash@bank.sl', 'crash-test-password-1');
      await apiCall(base, admin, 'POST', '/api/users/activate-first-user');
      server.proc.kill('SIGTERM');
      await server.exited;
      const queue = await backend.open();
      // The loan book's steps too: the demo loans (in every class), disbursed by the staff just made.
      // The run's requester is that member of staff: the auto-debit's repayments name who acted.
      const seededLoans = await queue.db.transaction((tx) => seedDemoLoans(tx));
      expect(seededLoans).toBeGreaterThan(0);
      const [run] = await queryRows<{ id: string }>(
        queue.db,
        sql`insert into eod_runs (business_date, next_business_date, month_end, quarter_end, status, requested_by, requested_email)
            values ('2026-11-30', next_working_day('2026-11-30'), true, false, 'queued',
                    (select user_id from staff where approved order by created_at limit 1), 'crash@bank.sl')
            returning id::text`,
      );
      await insertSteps(queue.db, Number(run!.id));
      await queue.close();
      const runOf = async (s: Session) =>
        (await apiCall(base, s, 'GET', `/api/eod/runs/${run!.id}`)).body as EodRun;

      // Kill the server while the run works (twice), each time reading the database in between (the
      // server is dead, so PGlite's directory is free) to see the run stopped half way through. An
      // embedded server resumes the run while it starts (PGlite runs in its thread), so there the kill
      // comes a while after the spawn, not after "ready"; too early (nothing done yet) tries later.
      let kills = 0;
      const stoppedAt: string[] = [];
      let delay = name === 'pglite' ? 2500 : 1500;
      let rowsDoneAtKill = 0;
      for (let attempt = 0; kills < 2 && attempt < 25; attempt++) {
        let proc: ChildProcess | undefined;
        const started = spawnServer(env, 120_000, (p) => (proc = p)).then(
          (s) => ((server = s), s.exited),
          () => undefined,
        );
        // PostgreSQL can be read while the server works: the kill comes as soon as the run has moved
        // on since the last one. A fixed delay raced the machine: once the whole run finished in it.
        // The first kill lands in the interest posting, whose lanes each keep a place of their own.
        if (name === 'postgres')
          await untilMovedOn(backend, run!.id, rowsDoneAtKill, kills === 0 ? 'interest_posting' : undefined);
        else await sleep(delay);
        proc?.kill('SIGKILL');
        await started;
        const look = await backend.open();
        const steps = await queryRows<{
          step: string;
          status: string;
          rows_done: string;
          rows_total: string;
        }>(
          look.db,
          sql`select step, status, rows_done::text, rows_total::text from eod_run_steps where run_id = ${run!.id}::bigint order by position`,
        );
        await look.close();
        const done = steps.filter((x) => x.status === 'done' || x.status === 'skipped').length;
        if (done === steps.length)
          throw new Error(`the run completed before a kill (delay ${delay} ms): use more data`);
        if (done === 0 && !steps.some((x) => Number(x.rows_done) > 0)) {
          delay += 1000;
          continue;
        }
        const at = steps.find((x) => x.status === 'running') ?? steps.find((x) => x.status === 'pending')!;
        rowsDoneAtKill = steps.reduce((sum, x) => sum + Number(x.rows_done), 0) + done;
        kills++;
        stoppedAt.push(`${at.step} ${at.rows_done}/${at.rows_total}`);
        delay = name === 'pglite' ? delay : delay + 300;
      }
      server = await spawnServer(env);
      let done: EodRun | undefined;
      for (let i = 0; i < 600 && done?.status !== 'completed'; i++) {
        done = await runOf(admin);
        if (done.status === 'failed') throw new Error(`run failed: ${done.error}`);
        if (done.status !== 'completed') await sleep(200);
      }
      expect(done?.status).toBe('completed');
      expect(kills).toBeGreaterThan(0);

      // A second run of the completed date: every step finds its work done.
      const again = await apiCall(base, admin, 'POST', `/api/eod/runs/${run!.id}/retry`);
      expect(again.status).toBe(202);
      server.proc.kill('SIGTERM');
      await server.exited;
      const check = await backend.open();
      const counts = async () =>
        (
          await queryRows<{ e: number; t: number; g: number }>(
            check.db,
            sql`select (select count(*)::int from journal_entries) as e, (select count(*)::int from transactions) as t,
                       (select count(*)::int from gl_lines) as g`,
          )
        )[0]!;
      const afterFirst = await counts();
      await check.close();
      server = await spawnServer(env);
      const rerun = await (async () => {
        for (let i = 0; i < 300; i++) {
          const r = await runOf(admin);
          if (r.status === 'completed' || r.status === 'failed') return r;
          await sleep(200);
        }
        throw new Error('the rerun did not end');
      })();
      expect(rerun.status, rerun.error ?? '').toBe('completed');
      server.proc.kill('SIGTERM');
      await server.exited;

      const verify = await backend.open();
      try {
        const [bd] = await queryRows<{ d: string; closing: string | null }>(
          verify.db,
          sql`select current_business_date()::text as d, (select closing_run_id::text from bank_business_date) as closing`,
        );
        expect(bd).toEqual({ d: '2026-12-01', closing: null });
        const c2 = await (async () =>
          (
            await queryRows<{ e: number; t: number; g: number }>(
              verify.db,
              sql`select (select count(*)::int from journal_entries) as e, (select count(*)::int from transactions) as t,
                         (select count(*)::int from gl_lines) as g`,
            )
          )[0]!)();
        expect(c2).toEqual(afterFirst);
        const posted = await queryRows<{ n: number }>(
          verify.db,
          sql`select count(*)::int as n from interest_postings where business_date = '2026-11-30'`,
        );
        expect(posted[0]!.n).toBeGreaterThan(100);
        const ledger = await queryRows<{ problem: string }>(
          verify.db,
          sql`select problem from ledger_violations()`,
        );
        const eod = await queryRows<{ problem: string }>(
          verify.db,
          sql`select problem from eod_violations()`,
        );
        expect([...ledger, ...eod]).toEqual([]);
        expect(await loanBookViolations(verify.db)).toEqual([]);
        const book = await queryRows<{ n: number }>(
          verify.db,
          sql`select count(*)::int as n from loan_daily_status where business_date = '2026-11-30'`,
        );
        expect(book[0]!.n).toBe(seededLoans);
        // The suspense step, however often killed: every non-performing loan holds all its interest
        // and penalties receivable in suspense, and each overdue instalment was penalised once.
        const unheld = await queryRows<{ n: number; charges: number; penalised: number }>(
          verify.db,
          sql`select (select count(*)::int from loans l join loan_classes k on k.code = l.loan_class
                       where not k.performing and (l.interest_in_suspense <> l.interest_receivable
                          or l.penalty_in_suspense <> l.penalty_receivable)) as n,
                     (select count(*)::int from loan_penalty_charges) as charges,
                     (select count(*)::int from loan_instalments where penalty_due > 0) as penalised`,
        );
        expect(unheld[0]!.n).toBe(0);
        expect(unheld[0]!.charges).toBe(unheld[0]!.penalised);
        // The demo's non-performing borrowers repay from empty accounts: the auto-debit cures none, so
        // the demo keeps a non-performing book (its screens and their browser tests need one).
        const [nonPerforming] = await queryRows<{ n: number }>(
          verify.db,
          sql`select count(*)::int as n from loans l join loan_classes k on k.code = l.loan_class
               where not k.performing and l.status = 'Active'`,
        );
        expect(nonPerforming!.n).toBeGreaterThanOrEqual(3);
        // The auto-debit collected from the demo loans' accounts once per loan, whatever the kills.
        const debits = await queryRows<{ n: number; loans: number; entries: number }>(
          verify.db,
          sql`select count(*)::int as n, count(distinct loan_id)::int as loans,
                     (select count(*)::int from journal_entries where reference like 'LNR-AD-%-2026-11-30') as entries
                from loan_repayments where channel = 'auto_debit' and value_date = '2026-11-30'`,
        );
        expect(debits[0]!.n).toBeGreaterThan(0);
        expect(debits[0]).toEqual({
          n: debits[0]!.loans,
          loans: debits[0]!.loans,
          entries: debits[0]!.loans,
        });
        const configured = loadConfig({ ...process.env, ...env });
        const chain = await verifyAuditChain(verify.db, {
          key: resolveAuditKey(configured),
          checkpointFile: configured.audit.checkpointFile,
        });
        expect(chain.ok).toBe(true);
        console.log(
          `eod-crash[${name}] killed ${kills}× mid-run (at ${stoppedAt.join('; ')}) entries=${c2.e} customer lines=${c2.t} interest postings=${posted[0]!.n} invariants ok, rerun posted nothing`,
        );
      } finally {
        await verify.close();
      }
    }, 600_000);
  }
});

/**
 * Waits until the run's steps show more done (rows, plus steps finished) than `before`, and, given a
 * `step`, until that step has done some rows, reading the database beside the running server
 * (PostgreSQL only); gives up after a minute (the caller's checks then report what happened).
 */
async function untilMovedOn(backend: Backend, runId: string, before: number, step?: string): Promise<void> {
  const look = await backend.open();
  try {
    for (let i = 0; i < 2400; i++) {
      const [r] = await queryRows<{ progress: string; reached: boolean }>(
        look.db,
        sql`select (coalesce(sum(rows_done), 0) + count(*) filter (where status in ('done', 'skipped')))::text as progress,
                   (${step === undefined} or bool_or(step = ${step ?? ''} and rows_done > 0)) as reached
            from eod_run_steps where run_id = ${runId}::bigint`,
      );
      if (Number(r!.progress) > before && r!.reached) return;
      await sleep(25);
    }
  } finally {
    await look.close();
  }
}
