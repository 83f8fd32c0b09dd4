import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STR_TEXT, type StrReport, type TellerTransaction } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, dollars, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { checkGoamlStructure } from '../goaml/index.ts';

/**
 * STRs over HTTP: drafted from a case by compliance, approved by the MLRO through the approvals
 * module (never by their preparer, superusers included), frozen and exported as goAML XML and PDF,
 * the FIU's reference recorded once, never deleted; and invisible to anyone without an STR permission.
 */
describe('suspicious transaction reports', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let mlro: StaffUser;
  let comp2: StaffUser;
  let custId: number;
  let account: string;
  let entryRef: string;
  /** The subject's escalated case: the STR flow files it. */
  let caseId: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  /** An escalated case (the aml module's table; only an escalated case may be filed). */
  const escalatedCase = async (customer: number) => {
    const [c] = await queryRows<{ id: string }>(
      t.app.db,
      sql`insert into aml_cases (customer_id, status, opened_by) values (${customer}, 'escalated', 'test') returning id`,
    );
    return c!.id;
  };
  const draft = (caseId: string, over: object = {}) => ({
    caseId,
    custId,
    accounts: [account],
    transactions: [entryRef],
    grounds: ['STRUCT'],
    narrative: 'Three cash deposits just under the threshold on one day; no business reason given.',
    action: 'Account placed under enhanced monitoring.',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    mlro = await scene.makeStaff('activated', 'mlro');
    comp2 = await scene.makeStaff('activated', 'compb');
    await setRoles(t.app, comp2.userId, ['compliance'], '101');
    // The MLRO role is seeded by the monitoring side; here a test role carries what approving needs.
    await t.app.db.execute(
      sql`insert into roles (key, name, description) values ('test_mlro', 'Test MLRO', 'Tests only')`,
    );
    await t.app.db.execute(sql`insert into role_permissions (role_id, permission)
        select id, p from roles, unnest(array['aml.str.file', 'approvals.decide', 'branches.all']) p where key = 'test_mlro'`);
    await t.app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${mlro.userId}, id from roles where key = 'test_mlro'`,
    );
    await openTill(scene, scene.teller, '40000.00', 'STR-1');
    const a = await cashAccount(t.app, { balance: '1000.00' });
    custId = a.custId;
    account = a.number;
    const r = await call('POST', '/api/teller/deposits', scene.teller, {
      reference: ref(),
      accountNumber: a.number,
      amount: '29999.99',
      partyName: 'Abu Bakarr Jalloh',
      partyIdNumber: 'SL-9',
      signatureConfirmed: true,
    });
    entryRef = r.json<TellerTransaction>().entryReference!;
    caseId = await escalatedCase(custId);
  });
  afterAll(() => t.close());

  it('hides every STR route from a teller: the answer of an unknown route, no hint', async () => {
    const unknown = await call('GET', '/api/no-such-thing', scene.teller);
    for (const [method, url, body] of [
      ['GET', '/api/str-reports'],
      ['POST', '/api/str-reports', draft(randomUUID())],
      ['GET', `/api/str-reports/${randomUUID()}`],
      ['GET', `/api/str-reports/${randomUUID()}/xml`],
      ['GET', '/api/str-reports?format=csv'],
    ] as const) {
      const r = await call(method, url, scene.teller, body);
      expect(r.statusCode).toBe(404);
      // An unknown route's answer names the path without its query string.
      expect(r.json()).toEqual({ error: `Route ${method} ${url.split('?')[0]} not found` });
      expect(Object.keys(r.json())).toEqual(Object.keys(unknown.json()));
    }
  });

  it('checks a draft against the books, naming the field', async () => {
    const unknownCase = await call('POST', '/api/str-reports', scene.comp, draft(randomUUID()));
    expect(unknownCase.statusCode).toBe(400);
    expect(unknownCase.json().details[0].path).toBe('/caseId');
    const short = await call(
      'POST',
      '/api/str-reports',
      scene.comp,
      draft(caseId, { narrative: 'too short' }),
    );
    expect(short.statusCode).toBe(400);
    const other = await cashAccount(t.app, {});
    const notTheirs = await call(
      'POST',
      '/api/str-reports',
      scene.comp,
      draft(caseId, { accounts: [other.number] }),
    );
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().details[0].path).toBe('/accounts/0');
    const noTx = await call(
      'POST',
      '/api/str-reports',
      scene.comp,
      draft(caseId, { transactions: ['NOPE-1'] }),
    );
    expect(noTx.statusCode).toBe(400);
    expect(noTx.json().details[0].path).toBe('/transactions/0');
    const noGround = await call(
      'POST',
      '/api/str-reports',
      scene.comp,
      draft(caseId, { grounds: ['GUESS'] }),
    );
    expect(noGround.statusCode).toBe(400);
  });

  it('goes from draft to the MLRO; the preparer cannot approve; the MLRO freezes it and it downloads', async () => {
    const created = await call('POST', '/api/str-reports', scene.comp, draft(caseId));
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json<StrReport>();
    expect(s).toMatchObject({ status: 'draft', caseId, custId, preparedBy: scene.comp.email });
    expect(s.reference).toMatch(/^STR-\d{4}-\d{6}$/);
    expect((await call('POST', '/api/str-reports', scene.comp, draft(caseId))).statusCode).toBe(409);
    const edited = await call(
      'PUT',
      `/api/str-reports/${s.id}`,
      scene.comp,
      draft(caseId, { grounds: ['STRUCT', 'PROFILE'] }),
    );
    expect(edited.json<StrReport>().grounds).toEqual(['STRUCT', 'PROFILE']);
    expect((await call('GET', `/api/str-reports/${s.id}/xml`, scene.comp)).statusCode).toBe(409);

    const sent = await call('POST', `/api/str-reports/${s.id}/submit`, scene.comp);
    expect(sent.statusCode, sent.body).toBe(202);
    const { approvalId } = sent.json<{ approvalId: string }>();
    expect((await call('PUT', `/api/str-reports/${s.id}`, scene.comp, draft(caseId))).statusCode).toBe(409);
    // The preparer never approves; another compliance officer lacks aml.str.file; the teller sees nothing.
    const own = await call('POST', `/api/approvals/${approvalId}/approve`, scene.comp, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().details.code).toBe('own_request');
    const colleague = await call('POST', `/api/approvals/${approvalId}/approve`, comp2, {});
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().details.permission).toBe('aml.str.file');
    const inbox = await call('GET', '/api/approvals', scene.teller);
    expect(inbox.body).not.toContain(approvalId);

    const ok = await call('POST', `/api/approvals/${approvalId}/approve`, mlro, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const frozen = (await call('GET', `/api/str-reports/${s.id}`, mlro)).json<StrReport>();
    expect(frozen).toMatchObject({ status: 'approved', approvedBy: mlro.email });
    const xml = await call('GET', `/api/str-reports/${s.id}/xml`, scene.comp);
    expect(xml.statusCode).toBe(200);
    expect(checkGoamlStructure(xml.body)).toEqual([]);
    expect(xml.body).toContain('<report_code>STR</report_code>');
    expect(xml.body).toContain(`<transactionnumber>${entryRef}</transactionnumber>`);
    expect(xml.body).toContain('<indicator>STRUCT</indicator>');
    expect(createHash('sha256').update(xml.body).digest('hex')).toBe(frozen.contentHash);
    const pdf = await call('GET', `/api/str-reports/${s.id}/pdf`, scene.comp);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // Frozen: the app refuses an edit, the database any change but the submission, and every delete.
    expect((await call('PUT', `/api/str-reports/${s.id}`, scene.comp, draft(caseId))).statusCode).toBe(409);
    const refused = async (q: ReturnType<typeof sql>) => {
      const e = await t.app.db.execute(q).then(
        () => undefined,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(e).toMatch(/never deleted/);
    };
    await refused(sql`update aml_str_reports set narrative = 'changed' where id = ${s.id}::uuid`);
    await refused(sql`delete from aml_str_reports where id = ${s.id}::uuid`);
    await refused(sql`truncate aml_str_reports`);

    // The FIU's reference: the MLRO's, once; the preparer is told which permission is missing.
    const body = { submittedOn: '2026-03-03', reference: 'FIU-STR-17' };
    expect((await call('POST', `/api/str-reports/${s.id}/submission`, scene.comp, body)).statusCode).toBe(
      403,
    );
    const sub = await call('POST', `/api/str-reports/${s.id}/submission`, mlro, body);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json<StrReport>()).toMatchObject({ status: 'submitted', fiuReference: 'FIU-STR-17' });
    const twice = await call('POST', `/api/str-reports/${s.id}/submission`, mlro, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(STR_TEXT.submittedTwice);
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where target_id = ${s.id} and action like 'aml.str.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'aml.str.draft',
      'aml.str.edit',
      'aml.str.approve',
      'aml.str.submitted',
    ]);
  });

  it('never lets a preparer approve their own STR, a superuser included; a draft is never deleted', async () => {
    // Its own subject: the case stays escalated (the STR is rejected), and a customer has one active case.
    const subject = await cashAccount(t.app, {});
    const theirs = { custId: subject.custId, accounts: [subject.number], transactions: [] };
    const created = await call(
      'POST',
      '/api/str-reports',
      scene.boss,
      draft(await escalatedCase(subject.custId), theirs),
    );
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json<StrReport>();
    const { approvalId } = (await call('POST', `/api/str-reports/${s.id}/submit`, scene.boss)).json<{
      approvalId: string;
    }>();
    const own = await call('POST', `/api/approvals/${approvalId}/approve`, scene.boss, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().details.code).toBe('own_request');
    expect((await call('GET', `/api/str-reports/${s.id}`, scene.boss)).json<StrReport>().status).toBe(
      'pending_approval',
    );
    const e = await t.app.db.execute(sql`delete from aml_str_reports where id = ${s.id}::uuid`).then(
      () => undefined,
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(e).toMatch(/never deleted/);
    // A rejection returns it to draft, to be corrected and sent again.
    const no = await call('POST', `/api/approvals/${approvalId}/reject`, mlro, {
      reason: 'Name the second account',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect((await call('GET', `/api/str-reports/${s.id}`, mlro)).json<StrReport>().status).toBe('draft');
  });

  it('moves the case to str_filed on approval, through the aml module; another customer’s case is refused', async () => {
    const subject = await cashAccount(t.app, {});
    const own = { custId: subject.custId, accounts: [subject.number], transactions: [] };
    const kase = await escalatedCase(subject.custId);
    // The case is about another customer than the draft's subject: refused, naming the subject.
    const wrong = await call('POST', '/api/str-reports', scene.comp, draft(kase));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('/custId');
    const s = (await call('POST', '/api/str-reports', scene.comp, draft(kase, own))).json<StrReport>();
    const { approvalId } = (await call('POST', `/api/str-reports/${s.id}/submit`, scene.comp)).json<{
      approvalId: string;
    }>();
    expect((await call('POST', `/api/approvals/${approvalId}/approve`, mlro, {})).statusCode).toBe(200);
    const [c] = await queryRows<{ status: string }>(
      t.app.db,
      sql`select status from aml_cases where id = ${kase}::uuid`,
    );
    expect(c!.status).toBe('str_filed');
    // The case's own trail names the MLRO who approved and the STR's reference.
    const events = await queryRows<{ from: string; to: string; by: string; text: string }>(
      t.app.db,
      sql`select from_status as from, to_status as to, actor_email as by, text from aml_case_events
          where case_id = ${kase}::uuid and kind = 'transition'`,
    );
    expect(events).toEqual([{ from: 'escalated', to: 'str_filed', by: mlro.email, text: s.reference }]);
  });

  it('finds STRs by a part of the reference or the subject’s name, and exports the list as CSV, audited', async () => {
    const subject = await cashAccount(t.app, {});
    const own = { custId: subject.custId, accounts: [subject.number], transactions: [] };
    const s = (
      await call('POST', '/api/str-reports', scene.comp, draft(await escalatedCase(subject.custId), own))
    ).json<StrReport>();
    const [{ name }] = (await queryRows<{ name: string }>(
      t.app.db,
      sql`select name from customers where cust_id = ${subject.custId}`,
    )) as [{ name: string }];
    const byRef = await call('GET', `/api/str-reports?q=${encodeURIComponent(s.reference.slice(-6))}`, mlro);
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json<StrReport[]>().map((r) => r.id)).toEqual([s.id]);
    const byName = await call('GET', `/api/str-reports?q=${encodeURIComponent(name)}`, mlro);
    expect(byName.json<StrReport[]>().map((r) => r.id)).toContain(s.id);
    // A pattern character is matched as itself, never as a wildcard.
    expect((await call('GET', '/api/str-reports?q=%25', mlro)).json<StrReport[]>()).toEqual([]);

    const csv = await call('GET', `/api/str-reports?format=csv&q=${encodeURIComponent(s.reference)}`, mlro);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('str-reports.csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Reference,Status,Customer,Name');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(s.reference);
    expect(lines[1]).toContain('Draft');
    const [audit] = await queryRows<{ actor: string; rows: number }>(
      t.app.db,
      sql`select actor_email as actor, (details->>'rows')::int as rows from audit_log
          where action = 'aml.str.export' order by id desc limit 1`,
    );
    expect(audit).toEqual({ actor: mlro.email, rows: 1 });
  });

  it('reports a dollar line to the FIU in Leones at the day’s mid rate, the dollars and the rate beside it', async () => {
    await t.app.db.execute(sql`insert into fx_rates (currency, business_date, buy, sell, mid)
        values ('USD', current_business_date(), 22.00, 23.00, 22.50) on conflict do nothing`);
    const subject = await cashAccount(t.app, { currency: 'USD' });
    const usdTill = await call('POST', '/api/teller/sessions', scene.teller2, {
      reference: ref(),
      tillCode: 'USD-STR',
      currency: 'USD',
      allocation: dollars('1000'),
    });
    expect(usdTill.statusCode, usdTill.body).toBe(201);
    const dep = await call('POST', '/api/teller/deposits', scene.teller2, {
      reference: ref(),
      accountNumber: subject.number,
      amount: '400.00',
      partyName: 'Abu Bakarr Jalloh',
      partyIdNumber: 'SL-9',
      signatureConfirmed: true,
    });
    expect(dep.statusCode, dep.body).toBe(201);
    const line = { reference: dep.json<TellerTransaction>().entryReference! };
    const own = { custId: subject.custId, accounts: [subject.number], transactions: [line.reference] };
    const created = await call(
      'POST',
      '/api/str-reports',
      scene.comp,
      draft(await escalatedCase(subject.custId), own),
    );
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json<StrReport>();
    const sent = await call('POST', `/api/str-reports/${s.id}/submit`, scene.comp);
    expect(sent.statusCode, sent.body).toBe(202);
    const ok = await call(
      'POST',
      `/api/approvals/${sent.json<{ approvalId: string }>().approvalId}/approve`,
      mlro,
      {},
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const xml = await call('GET', `/api/str-reports/${s.id}/xml`, mlro);
    expect(checkGoamlStructure(xml.body)).toEqual([]);
    // USD 400 at Le 22.50: Le 9,000.00.
    expect(xml.body).toContain('<amount_local>9000.00</amount_local>');
    expect(xml.body).toMatch(
      /<foreign_currency_code>USD<\/foreign_currency_code>\s*<foreign_amount>400.00<\/foreign_amount>\s*<foreign_exchange_rate>22.500000<\/foreign_exchange_rate>/,
    );
  });
});
