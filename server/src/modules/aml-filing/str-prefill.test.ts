import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STR_TEXT, type StrPrefill, type StrReport, type TellerTransaction } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The STR screen's start: a case's evidence as a draft's prefill (subject, the alerts' transactions
 * and their accounts, grounds from the scenarios, the STR in progress), and the draft's edits, over
 * HTTP; hidden from anyone outside the STR flow as an unknown route is.
 */
describe('STR drafts from a case', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let mlro: StaffUser;
  let custId: number;
  let account: string;
  let entryRef: string;
  let caseId: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    mlro = await scene.makeStaff('activated', 'mlrofile');
    // Filing alone, without preparing: the MLRO side of the flow, told which permission is missing.
    await t.app.db.execute(
      sql`insert into roles (key, name, description) values ('test_filer', 'Test filer', 'Tests only')`,
    );
    await t.app.db.execute(sql`insert into role_permissions (role_id, permission)
        select id, p from roles, unnest(array['aml.str.file', 'branches.all']) p where key = 'test_filer'`);
    await t.app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${mlro.userId}, id from roles where key = 'test_filer'`,
    );
    await openTill(scene, scene.teller, '40000.00', 'STR-P');
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
    const [k] = await queryRows<{ id: string }>(
      t.app.db,
      sql`insert into aml_cases (customer_id, status, opened_by) values (${custId}, 'escalated', 'test') returning id`,
    );
    caseId = k!.id;
    // Two alerts on the case, as the monitoring would leave them: structuring and high-risk activity.
    await t.app.db
      .execute(sql`insert into aml_alerts (scenario, rule_version, customer_id, business_date, score,
          amount, currency, entry_ids, case_id)
        select s, 1, ${custId}, current_business_date(), 80, 29999.99, 'SLE',
               array(select id from journal_entries where reference = ${entryRef}), ${caseId}::uuid
          from unnest(array['structuring', 'high_risk_activity']) s`);
  });
  afterAll(() => t.close());

  it('hides the prefill and the edit from a teller as an unknown route, before any lookup', async () => {
    const unknown = await call('GET', '/api/no-such-thing', scene.teller);
    for (const [method, url, body] of [
      ['GET', `/api/str-reports/from-case/${caseId}`],
      ['GET', `/api/str-reports/from-case/${randomUUID()}`],
      ['PUT', `/api/str-reports/${randomUUID()}`, { caseId, custId }],
    ] as const) {
      const r = await call(method, url, scene.teller, body);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: `Route ${method} ${url} not found` });
      expect(Object.keys(r.json())).toEqual(Object.keys(unknown.json()));
    }
    // The MLRO files but does not prepare: told which permission is missing.
    const filer = await call('GET', `/api/str-reports/from-case/${caseId}`, mlro);
    expect(filer.statusCode).toBe(403);
    expect(filer.json().details.permission).toBe('aml.str.prepare');
  });

  it('refuses an unknown case (404) and a malformed id (400 naming it)', async () => {
    const none = await call('GET', `/api/str-reports/from-case/${randomUUID()}`, scene.comp);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(STR_TEXT.caseNotFound);
    const bad = await call('GET', '/api/str-reports/from-case/not-a-uuid', scene.comp);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('caseId');
  });

  it('prefills the subject, the alerts’ transactions and accounts and the grounds; audits the view', async () => {
    const r = await call('GET', `/api/str-reports/from-case/${caseId}`, scene.comp);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json<StrPrefill>();
    expect(p).toMatchObject({
      caseId,
      caseStatus: 'escalated',
      custId,
      strId: null,
      suggestedAccounts: [account],
    });
    expect(new Set(p.grounds)).toEqual(new Set(['STRUCT', 'PEP']));
    expect(p.transactions).toEqual([
      expect.objectContaining({
        reference: entryRef,
        accountNumber: account,
        amount: '29999.99',
        direction: 'credit',
      }),
    ]);
    expect(p.accounts.map((a) => a.number)).toContain(account);
    const [seen] = await queryRows<{ by: string; details: { for: string } }>(
      t.app.db,
      sql`select actor_email as by, details from audit_log where action = 'aml.case_view' and target_id = ${caseId}`,
    );
    expect(seen).toMatchObject({ by: scene.comp.email, details: { for: 'str' } });
  });

  it('names the case’s STR in progress; a draft is edited field by field, and refused once sent', async () => {
    const created = await call('POST', '/api/str-reports', scene.comp, {
      caseId,
      custId,
      accounts: [account],
      transactions: [entryRef],
      grounds: ['STRUCT'],
      narrative: 'Three cash deposits just under the threshold on one day; no business reason given.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json<StrReport>();
    const p = (await call('GET', `/api/str-reports/from-case/${caseId}`, scene.comp)).json<StrPrefill>();
    expect(p.strId).toBe(s.id);

    const body = { ...s, accounts: [account], grounds: ['STRUCT', 'PEP'], narrative: s.narrative };
    const bad = await call('PUT', `/api/str-reports/${s.id}`, scene.comp, { ...body, narrative: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('narrative');
    const noAccount = await call('PUT', `/api/str-reports/${s.id}`, scene.comp, {
      ...body,
      accounts: ['999999999999'],
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().details[0].path).toBe('/accounts/0');
    expect((await call('PUT', `/api/str-reports/${randomUUID()}`, scene.comp, body)).statusCode).toBe(404);
    const ok = await call('PUT', `/api/str-reports/${s.id}`, scene.comp, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<StrReport>().grounds).toEqual(['STRUCT', 'PEP']);

    expect((await call('POST', `/api/str-reports/${s.id}/submit`, scene.comp)).statusCode).toBe(202);
    const late = await call('PUT', `/api/str-reports/${s.id}`, scene.comp, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(STR_TEXT.notDraft);
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where target_id = ${s.id} and action like 'aml.str.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['aml.str.draft', 'aml.str.edit']);
  });
});
