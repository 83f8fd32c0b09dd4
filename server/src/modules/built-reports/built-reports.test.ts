import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { ReportInboxItem, ReportRun, ReportTable } from '@bankmanager/contracts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/rows.ts';
import {
  EOD_BRANCH,
  eodProducts,
  eodStaffOf,
  openAccount,
  runEndOfDay,
  setBusinessDate,
  teller,
  type EodStaff,
} from '../../../test/support/eod.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox as changes, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { enqueueScheduledReports, reportWorkerFor } from './index.ts';

const OTHER = '302';
const RUNS = '/api/built-reports/runs';

describe('/api/built-reports', () => {
  const scene = {} as { t: TestApp; staff: EodStaff };
  let app: App;
  let acc301: StaffUser;
  let acc302: StaffUser;
  let bm301: StaffUser;
  let tellerUser: StaffUser;
  let baseUrl: string;
  const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];
  const call = (method: string, url: string, who: StaffUser, payload?: unknown) =>
    scene.staff.call(method, url, who, payload);

  /** Lets this app's worker take every queued run, then reads the run back. */
  async function settled(id: string, who: StaffUser = scene.staff.maker): Promise<ReportRun> {
    for (let i = 0; i < 200; i++) {
      reportWorkerFor(app.dbHandle)!.kick();
      await reportWorkerFor(app.dbHandle)!.idle();
      const run = (await call('GET', `${RUNS}/${id}`, who)).json<ReportRun>();
      if (run.status === 'done' || run.status === 'failed') return run;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`run ${id} never finished`);
  }

  beforeAll(async () => {
    scene.t = await createTestApp();
    app = scene.t.app;
    await eodProducts(app);
    await setBusinessDate(app, '2026-11-24');
    const s = await staffUsers(app);
    baseUrl = s.baseUrl;
    const [maker, checker, clerk] = await Promise.all([
      s.make('superuser', 'brmaker'),
      s.make('superuser', 'brchecker'),
      s.make('activated', 'brclerk'),
    ]);
    scene.staff = eodStaffOf(scene.t, maker, checker, clerk);
    [acc301, acc302, bm301, tellerUser] = await Promise.all([
      s.make('activated', 'acc301'),
      s.make('activated', 'acc302'),
      s.make('activated', 'bm301'),
      s.make('activated', 'tl301'),
    ]);
    await app.db.execute(sql`insert into branches (code, name, town) values (${OTHER}, 'Second Branch', 'Bo')
                             on conflict do nothing`);
    await setRoles(app, acc301.userId, ['accountant'], EOD_BRANCH);
    await setRoles(app, acc302.userId, ['accountant'], OTHER);
    await setRoles(app, bm301.userId, ['branch_manager'], EOD_BRANCH);
    await setRoles(app, tellerUser.userId, ['teller'], EOD_BRANCH);
    // Two depositors and one overdrawn current account at 301.
    await openAccount(app, { product: 'E-SAV', deposit: '2500.55' });
    await openAccount(app, { product: 'E-SAV', deposit: '1000.10' });
    const cur = await openAccount(app, { product: 'E-CUR', overdraftLimit: '500.00' });
    await teller(app, cur.id, 'debit', '120.25');
  }, 300_000);
  afterAll(async () => {
    await closeAll(clients);
    await scene.t.close();
  });

  it('refuses bad parameters with 400 naming the field, and changes nothing', async () => {
    const before = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from report_runs`);
    const bad = async (body: unknown, path: string) => {
      const res = await call('POST', RUNS, scene.staff.maker, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
    };
    await bad(
      { reportId: 'account_openings', params: { from: '2026-02-30', to: '2026-03-01' } },
      '/params/from',
    );
    await bad(
      { reportId: 'account_openings', params: { from: '2026-03-02', to: '2026-03-01' } },
      '/params/to',
    );
    await bad({ reportId: 'account_openings', params: { to: '2026-03-01' } }, '/params/from');
    await bad({ reportId: 'top_depositors', params: { branch: 'x9' } }, '/params/branch');
    await bad({ reportId: 'top_depositors', params: { colour: 'red' } }, '/params/');
    await bad({ reportId: 'no_such_report' }, '/reportId');
    await bad({ reportId: 'ctr_list' }, '/reportId');
    const after = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from report_runs`);
    expect(after).toEqual(before);
    // Authentication first, then the permission, then the branch.
    expect((await app.inject({ method: 'POST', url: RUNS, payload: {} })).statusCode).toBe(401);
    expect((await call('POST', RUNS, tellerUser, { reportId: 'top_depositors' })).statusCode).toBe(403);
    expect((await call('POST', RUNS, acc301, { reportId: 'trial_balance' })).statusCode).toBe(403);
    const other = await call('POST', RUNS, acc301, { reportId: 'top_depositors', params: { branch: OTHER } });
    expect(other.statusCode).toBe(403);
  });

  it('runs in the background: queued, then done at 100%, its rows paged from the database', async () => {
    const res = await call('POST', RUNS, acc301, { reportId: 'overdrawn_accounts', format: 'screen' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<ReportRun>();
    expect(queued).toMatchObject({ status: 'queued', progress: 0, title: 'Overdrawn accounts' });
    const run = await settled(queued.id, acc301);
    expect(run).toMatchObject({ status: 'done', progress: 100, rows: 1, error: null, attempts: 1 });
    const result = await call('GET', `${RUNS}/${run.id}/result?page=1&pageSize=10`, acc301);
    expect(result.statusCode, result.body).toBe(200);
    const t = result.json<ReportTable>();
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]![5]).toBe('-120.25');
    expect(t.totals).toEqual([['Total', '', '', '', 'SLE', '-120.25', '', '']]);
    expect(result.headers['x-total-count']).toBe('1');
    // Someone else's run is not theirs to read.
    expect((await call('GET', `${RUNS}/${run.id}`, acc302)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target_type = 'report_run' and target_id = ${run.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['report_run.request', 'report_run.done']);
  });

  it('writes XLSX with ExcelJS: numbers as numbers, cell by cell', async () => {
    const res = await call('POST', RUNS, acc301, { reportId: 'top_depositors', format: 'xlsx' });
    const run = await settled(res.json<ReportRun>().id, acc301);
    expect(run.status, run.error ?? '').toBe('done');
    const file = await call('GET', `${RUNS}/${run.id}/file`, acc301);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Top depositors');
    // The title, its two lines (what, which branch), a blank row, the header, then the rows.
    expect(ws.getCell('A2').value).toBe('The 100 largest per currency, balances now');
    expect(ws.getCell('A3').value).toBe(`Branch ${EOD_BRANCH}`);
    const header = ws.getRow(5).values as unknown[];
    expect(header.slice(1)).toEqual(['Rank', 'Customer id', 'Customer', 'Currency', 'Deposits', 'Accounts']);
    expect(ws.getCell('A6').value).toBe(1);
    expect(ws.getCell('C6').value).toMatch(/Sesay$/);
    expect(ws.getCell('D6').value).toBe('SLE');
    expect(ws.getCell('E6').value).toBe(2500.55);
    expect(ws.getCell('E6').numFmt).toBe('#,##0.00;-#,##0.00');
    expect(ws.getCell('F6').value).toBe(1);
    expect(ws.getCell('A7').value).toBe(2);
    expect(ws.getCell('E7').value).toBe(1000.1);
    expect(ws.getCell('A8').value).toBeNull();
  });

  it('a failed run says why, and a retry runs it again', async () => {
    await app.db.execute(sql`alter table eod_fee_charges rename to eod_fee_charges_away`);
    let run: ReportRun;
    try {
      const res = await call('POST', RUNS, acc301, {
        reportId: 'fee_income',
        params: { from: '2026-11-01', to: '2026-11-24' },
        format: 'csv',
      });
      run = await settled(res.json<ReportRun>().id, acc301);
    } finally {
      await app.db.execute(sql`alter table eod_fee_charges_away rename to eod_fee_charges`);
    }
    expect(run.status).toBe('failed');
    expect(run.error).toContain('eod_fee_charges');
    // Someone else may not retry it; a run that did not fail cannot be retried.
    expect((await call('POST', `${RUNS}/${run.id}/retry`, acc302)).statusCode).toBe(404);
    const retried = await call('POST', `${RUNS}/${run.id}/retry`, acc301);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json<ReportRun>()).toMatchObject({ status: 'queued', error: null });
    const again = await settled(run.id, acc301);
    expect(again).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect((await call('POST', `${RUNS}/${run.id}/retry`, acc301)).statusCode).toBe(409);
    const csv = await call('GET', `${RUNS}/${run.id}/file`, acc301);
    expect(csv.body).toContain('Fee income by product');
  });

  it('a schedule is queued by end of day once per date, and lands only in its role holders’ inboxes', async () => {
    const [role] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from roles where key = 'accountant'`,
    );
    const body = {
      reportId: 'top_depositors',
      params: { branch: EOD_BRANCH },
      format: 'xlsx',
      frequency: 'daily',
      roleId: role!.id,
    };
    expect((await call('POST', '/api/built-reports/schedules', acc301, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/built-reports/schedules', scene.staff.maker, {
      ...body,
      params: { branch: '1' },
    });
    expect(bad.statusCode).toBe(400);
    const created = await call('POST', '/api/built-reports/schedules', scene.staff.maker, body);
    expect(created.statusCode, created.body).toBe(201);

    const eod = await runEndOfDay(scene.t, scene.staff);
    expect(eod.status, JSON.stringify(eod)).toBe('completed');
    const step = eod.steps.find((s) => s.step === 'report_schedules');
    expect(step).toMatchObject({ status: 'done', totals: { 'runs queued': '1' } });
    // The step again (a resumed run): nothing queued twice.
    expect(await enqueueScheduledReports(app.db, '2026-11-24', false)).toBe(0);

    const [sched] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from report_runs where schedule_id is not null`,
    );
    const run = await settled(sched!.id);
    expect(run).toMatchObject({ status: 'done', businessDate: '2026-11-24', requestedBy: 'end of day' });

    const inbox = async (who: StaffUser) => {
      const res = await call('GET', '/api/built-reports/inbox', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReportInboxItem[]>();
    };
    const mine = await inbox(acc301);
    expect(mine.map((i) => i.run.id)).toEqual([run.id]);
    expect(mine[0]!.readAt).toBeNull();
    // The other branch's accountant, the branch manager (not in the role) and the teller: nothing.
    expect(await inbox(acc302)).toEqual([]);
    expect(await inbox(bm301)).toEqual([]);
    expect((await call('GET', '/api/built-reports/inbox', tellerUser)).statusCode).toBe(403);
    // The badge, the download, then read.
    expect((await call('GET', '/api/built-reports/inbox/unread', acc301)).json()).toEqual({ unread: 1 });
    const file = await call('GET', `${RUNS}/${run.id}/file`, acc301);
    expect(file.statusCode).toBe(200);
    expect((await call('GET', `${RUNS}/${run.id}/file`, acc302)).statusCode).toBe(404);
    expect((await call('POST', `/api/built-reports/inbox/${mine[0]!.id}/read`, acc301)).statusCode).toBe(204);
    expect((await call('POST', `/api/built-reports/inbox/${mine[0]!.id}/read`, acc302)).statusCode).toBe(404);
    expect((await call('GET', '/api/built-reports/inbox/unread', acc301)).json()).toEqual({ unread: 0 });
  });

  it('tells each holder of the role over /realtime/v1 when a report lands, and nobody else', async () => {
    const listener = async (prefix: string, branch: string) => {
      const u = await realtimeUser(baseUrl, app, prefix);
      clients.push(u.client);
      await app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
      await setRoles(app, u.userId, ['accountant'], branch);
      const got = changes<{ eventType: string; new: Record<string, unknown> }>();
      const ch = u.client
        .channel(`inbox-${prefix}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'report_inbox' }, (p) => got.push(p));
      expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
      return { userId: u.userId, got };
    };
    const holder = await listener('rtholder', EOD_BRANCH);
    const outsider = await listener('rtother', OTHER);
    // The next business date's schedules (what end of day's step does), then the worker.
    expect(await enqueueScheduledReports(app.db, '2026-11-25', false)).toBe(1);
    const [run] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from report_runs where business_date = '2026-11-25'`,
    );
    expect((await settled(run!.id)).status).toBe('done');
    const [change] = await holder.got.next(1);
    expect(change).toMatchObject({
      eventType: 'INSERT',
      new: { user_id: holder.userId, run_id: Number(run!.id) },
    });
    expect(outsider.got.items).toEqual([]);
  });
});
