import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import {
  STATEMENT_BATCH_TEXT as T,
  TOTAL_COUNT_HEADER,
  accountExportFileName,
  type StatementBatch,
} from '@bankmanager/contracts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/rows.ts';
import { postEntry } from '../ledger/index.ts';
import { EOD_BRANCH, eodProducts, openAccount, setBusinessDate } from '../../../test/support/eod.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { statementWorkerFor } from './index.ts';

const OTHER = '302';
const URL = '/api/statement-batches';
// Postings carry the wall clock's time: the period is this month up to today, today the business date.
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;

/** Pages in a PDF as pdfkit writes them (page objects are never in a compressed stream). */
const pageCount = (pdf: Uint8Array) =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b(?!s)/g) ?? []
  ).length;

describe('bulk statements over HTTP', () => {
  let t: TestApp;
  let app: App;
  let superuser: StaffUser;
  let manager: StaffUser;
  let clerk: StaffUser;
  const accounts: Record<'busy' | 'quiet' | 'idle' | 'other', string> = {} as never;

  const call = (method: 'GET' | 'POST', url: string, who: StaffUser, payload?: object) =>
    app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const start = async (who: StaffUser, body: object) => {
    const res = await call('POST', URL, who, { from: monthStart, to: today, ...body });
    expect(res.statusCode, res.body).toBe(202);
    await statementWorkerFor(t.db)!.idle();
    const done = await call('GET', `${URL}/${res.json<StatementBatch>().id}`, who);
    return done.json<StatementBatch>();
  };
  const file = async (who: StaffUser, id: number) => {
    const res = await call('GET', `${URL}/${id}/file`, who);
    expect(res.statusCode, res.body).toBe(200);
    return { res, bytes: new Uint8Array(res.rawPayload) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    await eodProducts(app);
    await setBusinessDate(app, today);
    const s = await staffUsers(app);
    [superuser, manager, clerk] = await Promise.all([
      s.make('superuser', 'stsuper'),
      s.make('activated', 'stbm'),
      s.make('activated', 'stclerk'),
    ]);
    await setRoles(app, manager.userId, ['branch_manager'], EOD_BRANCH);
    await setRoles(app, clerk.userId, [], EOD_BRANCH);
    accounts.busy = (
      await openAccount(app, { product: 'E-SAV', deposit: '1000.10', openedOn: monthStart })
    ).number;
    accounts.quiet = (
      await openAccount(app, { product: 'E-CUR', deposit: '5.05', openedOn: monthStart })
    ).number;
    accounts.idle = (await openAccount(app, { product: 'E-SAV', openedOn: monthStart })).number;
    await app.db.execute(sql`insert into branches (code, name, town) values (${OTHER}, 'Second Branch', 'Bo')
                             on conflict do nothing`);
    const [a] = await queryRows<{ id: string; number: string }>(
      app.db,
      sql`with c as (insert into customers (name, type, mobile_no, status, branch_code)
                     values ('Bo Depositor', 'private', '+23278999101', 'Active', ${OTHER}) returning cust_id)
          insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
          select make_account_number(${OTHER}, nextval('account_serial_seq')), c.cust_id, p.code, p.account_type, p.currency,
                 'Active', ${monthStart}::date, ${OTHER}, p.ledger_code from products p, c where p.code = 'E-SAV'
          returning id::text, account_number as number`,
    );
    accounts.other = a!.number;
    await postEntry(app.db, {
      source: 'seed',
      narration: 'Cash deposit',
      lines: [
        { accountId: Number(a!.id), side: 'credit', amount: '70.00' },
        { glCode: `1020-${OTHER}`, currency: 'SLE', side: 'debit', amount: '70.00' },
      ],
      audit: { action: 'test.teller', targetType: 'account', targetId: a!.id },
    });
  }, 300_000);
  afterAll(() => t.close());

  it('prints every account of the branch into a ZIP, one PDF per account, named by its number', async () => {
    const b = await start(manager, { scope: 'branch', format: 'zip' });
    expect(b).toMatchObject({ status: 'done', branch: EOD_BRANCH, total: 3, done: 3, error: null });
    const { res, bytes } = await file(manager, b.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(b.fileName!);
    const entries = unzipSync(bytes);
    const names = [accounts.busy, accounts.quiet, accounts.idle]
      .sort()
      .map((n) => `${EOD_BRANCH}/${accountExportFileName(n, monthStart, today, 'pdf')}`);
    expect(Object.keys(entries).sort()).toEqual(names);
    for (const [name, pdf] of Object.entries(entries)) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), name).toBe('%PDF-');
      expect(pageCount(pdf)).toBe(1);
    }
  });

  it('prints only the accounts with activity into one merged PDF for the branch', async () => {
    const b = await start(manager, { scope: 'activity', format: 'merged' });
    expect(b).toMatchObject({ status: 'done', total: 2, done: 2 });
    const { res, bytes } = await file(manager, b.id);
    expect(res.headers['content-type']).toBe('application/pdf');
    // One statement a page: the busy and the quiet account, not the idle one.
    expect(pageCount(bytes)).toBe(2);
  });

  it('prints every branch with activity for a bank-wide user: a ZIP of one merged PDF per branch', async () => {
    const b = await start(superuser, { scope: 'activity', format: 'merged' });
    expect(b).toMatchObject({ status: 'done', branch: null, total: 3, done: 3 });
    const entries = unzipSync((await file(superuser, b.id)).bytes);
    expect(Object.keys(entries).sort()).toEqual([
      `statements-${EOD_BRANCH}-${monthStart}-to-${today}.pdf`,
      `statements-${OTHER}-${monthStart}-to-${today}.pdf`,
    ]);
    expect(pageCount(entries[`statements-${EOD_BRANCH}-${monthStart}-to-${today}.pdf`]!)).toBe(2);
    expect(pageCount(entries[`statements-${OTHER}-${monthStart}-to-${today}.pdf`]!)).toBe(1);
    // A batch over every branch is not a branch user's to see.
    expect((await call('GET', `${URL}/${b.id}`, manager)).statusCode).toBe(404);
  });

  it('refuses another branch (403), a bad period (400 naming the field) and no permission, changing nothing', async () => {
    const [before] = await queryRows<{ n: string }>(
      app.db,
      sql`select count(*)::text as n from statement_batches`,
    );
    const other = await call('POST', URL, manager, {
      from: monthStart,
      to: today,
      scope: 'branch',
      branch: OTHER,
      format: 'zip',
    });
    expect(other.statusCode).toBe(403);
    const cases: [object, string][] = [
      [{ from: '2026-02-30' }, '/from'],
      [{ from: today, to: monthStart === today ? '2000-01-01' : monthStart }, '/from'],
      [{ to: '9999-12-31' }, '/to'],
      [{ from: '2020-01-01', to: '2021-12-31' }, '/to'],
      [{ scope: 'everything' }, '/scope'],
      [{ format: 'docx' }, '/format'],
    ];
    for (const [change, path] of cases) {
      const res = await call('POST', URL, manager, {
        from: monthStart,
        to: today,
        scope: 'branch',
        format: 'zip',
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(change)).toContain(path);
    }
    const noBranch = await call('POST', URL, superuser, {
      from: monthStart,
      to: today,
      scope: 'branch',
      format: 'zip',
    });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.body).toContain(T.branchRequired);
    const clerkRes = await call('POST', URL, clerk, {
      from: monthStart,
      to: today,
      scope: 'branch',
      format: 'zip',
    });
    expect(clerkRes.statusCode).toBe(403);
    // A teller reads one customer's statement at the counter, but a whole branch's is a report.
    await setRoles(app, clerk.userId, ['teller'], EOD_BRANCH);
    const tellerRes = await call('POST', URL, clerk, {
      from: monthStart,
      to: today,
      scope: 'branch',
      format: 'zip',
    });
    expect(tellerRes.statusCode).toBe(403);
    const [after] = await queryRows<{ n: string }>(
      app.db,
      sql`select count(*)::text as n from statement_batches`,
    );
    expect(after!.n).toBe(before!.n);
  });

  it('lists the batches newest first, paged, the branch user’s own branch only, and audits each one', async () => {
    const page = await call('GET', `${URL}?pageSize=1`, manager);
    expect(page.statusCode).toBe(200);
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    const rows = page.json<StatementBatch[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scope).toBe('activity');
    const all = await call('GET', URL, superuser);
    expect(all.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    const [audit] = await queryRows<{ created: string; done: string; downloads: string }>(
      app.db,
      sql`select count(*) filter (where action = 'statement_batch.create')::text as created,
                 count(*) filter (where action = 'statement_batch.done')::text as done,
                 count(*) filter (where action = 'statement_batch.download')::text as downloads
            from audit_log where target_type = 'statement_batch'`,
    );
    expect(audit).toEqual({ created: '3', done: '3', downloads: '3' });
  });

  it('starts a batch cleanly again after its server died mid-run, storing one file', async () => {
    // What a killed server leaves: the batch running, part-way, under a lease that has run out.
    const [dead] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into statement_batches (status, period_from, period_to, scope, branch_code, format, accounts_total,
                                         accounts_done, attempts, worker_id, lease_until, started_at, requested_by, requested_email)
          values ('running', ${monthStart}, ${today}, 'branch', ${EOD_BRANCH}, 'zip', 3, 2, 1, 'dead-worker',
                  now() - interval '1 minute', now() - interval '2 minutes', ${manager.userId}::uuid, 'stbm@example.com')
          returning id::text`,
    );
    statementWorkerFor(t.db)!.kick();
    await statementWorkerFor(t.db)!.idle();
    const [row] = await queryRows<{ status: string; attempts: number; done: number; objects: string }>(
      app.db,
      sql`select b.status, b.attempts, b.accounts_done as done,
                 (select count(*)::text from storage_objects o
                   where o.bucket_id = 'statement-batches' and o.name like ${`${dead!.id}/%`}) as objects
            from statement_batches b where b.id = ${dead!.id}`,
    );
    expect(row).toEqual({ status: 'done', attempts: 2, done: 3, objects: '1' });
    expect(Object.keys(unzipSync((await file(manager, Number(dead!.id))).bytes))).toHaveLength(3);
  });

  it('answers 409 for the file of a batch not yet done', async () => {
    const [q] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into statement_batches (status, period_from, period_to, scope, branch_code, format, requested_by, requested_email, lease_until, worker_id)
          values ('running', ${monthStart}, ${today}, 'branch', ${EOD_BRANCH}, 'zip', ${manager.userId}::uuid, 'x@example.com',
                  now() + interval '1 hour', 'busy-elsewhere') returning id::text`,
    );
    const res = await call('GET', `${URL}/${q!.id}/file`, manager);
    expect(res.statusCode).toBe(409);
    const progress = await call('GET', `${URL}/${q!.id}`, manager);
    expect(progress.json<StatementBatch>()).toMatchObject({ status: 'running', done: 0, total: null });
  });
});
