import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AML_RULE_DEFAULTS,
  AML_SCENARIOS,
  AML_TEXT,
  APPROVAL_TEXT,
  type AmlAlert,
  type AmlCase,
  type AmlCaseFile,
  type AmlRule,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { amlScene } from '../../../test/support/aml.ts';
import { cashAccount } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The review's case through the teller, the tipping-off guarantees over the API, the case lifecycle
 * with its refusals, and a rule change through four-eyes.
 */
describe('AML alerts, cases and rules', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof amlScene>>;
  let acct: { id: number; number: string; custId: number };
  let caseId: string;
  const get = (who: StaffUser, url: string) => s.call('GET', url, who);
  const post = (who: StaffUser, url: string, body: object) => s.call('POST', url, who, body);
  const put = (who: StaffUser, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: who.auth }, payload });
  const move = (who: StaffUser, action: string, version: number, reason?: string) =>
    post(who, `/api/aml/cases/${caseId}/transitions`, { action, version, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    s = await amlScene(t.app);
    acct = await cashAccount(t.app);
  });
  afterAll(() => t.close());

  it('seeds the seven scenarios with the defaults the contracts name', async () => {
    const r = await get(s.comp, '/api/aml/rules');
    expect(r.statusCode, r.body).toBe(200);
    const rules = r.json<AmlRule[]>();
    expect(rules.map((x) => x.scenario).sort()).toEqual([...AML_SCENARIOS].sort());
    for (const rule of rules)
      expect(rule).toMatchObject({ ...AML_RULE_DEFAULTS[rule.scenario], enabled: true, version: 1 });
  });

  it('three cash deposits of Le 29,999.99 by one customer on one day raise structuring and the CTR aggregation', async () => {
    for (let i = 0; i < 3; i++) {
      const dep = await s.deposit(acct.number, '29999.99');
      expect(dep.statusCode, dep.body).toBe(201);
      // The teller's answer says nothing of monitoring.
      expect(dep.body).not.toMatch(/aml|alert|structur|suspic/i);
    }
    const structuring = (await s.alerts('structuring')).find((a) => a.customerId === acct.custId);
    expect(structuring).toMatchObject({
      amount: '89999.97',
      facts: { transactions: 3, direction: 'credit' },
    });
    expect(structuring!.entryIds).toHaveLength(3);
    const aggregated = (await s.alerts('cash_aggregation')).find((a) => a.customerId === acct.custId);
    expect(aggregated?.amount).toBe('89999.97');
    // One alert per rule, customer and day: the second and third deposits refreshed it.
    const [n] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from aml_alerts where customer_id = ${acct.custId}`,
    );
    expect(n!.n).toBe(2);
  });

  it('a teller and the relationship officer get 403 on every alert, case and rule route, before any lookup', async () => {
    const someCase = '00000000-0000-4000-8000-000000000000';
    for (const who of [s.teller, s.cso]) {
      for (const url of [
        '/api/aml/alerts',
        '/api/aml/alerts?format=csv',
        '/api/aml/alerts/1',
        '/api/aml/cases',
        `/api/aml/cases/${someCase}`,
        '/api/aml/rules',
        '/api/aml/rules/structuring',
      ])
        expect((await get(who, url)).statusCode, url).toBe(403);
      expect((await post(who, '/api/aml/cases', { alertId: '1' })).statusCode).toBe(403);
      expect((await post(who, `/api/aml/cases/${someCase}/notes`, { text: 'x' })).statusCode).toBe(403);
      expect(
        (
          await put(who, '/api/aml/rules/structuring', {
            ...AML_RULE_DEFAULTS.structuring,
            enabled: true,
            version: 1,
          })
        ).statusCode,
      ).toBe(403);
    }
    // An unknown id and a real one answer alike: the 403 tells nothing of whether a case exists.
    const real = (await s.alerts('structuring'))[0]!;
    const a = await get(s.teller, `/api/aml/alerts/${real.id}`);
    const b = await get(s.teller, '/api/aml/alerts/999999');
    expect(a.body).toBe(b.body);
  });

  it('an officer opens the customer’s case from an alert; the customer’s loose alerts join it', async () => {
    const alert = (await s.alerts('structuring')).find((a) => a.customerId === acct.custId)!;
    const bad = await post(s.comp, '/api/aml/cases', { alertId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/alertId');
    const opened = await post(s.comp, '/api/aml/cases', { alertId: alert.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const k = opened.json<AmlCase>();
    caseId = k.id;
    expect(k).toMatchObject({
      status: 'open',
      customerId: acct.custId,
      alertCount: 2,
      maxScore: 90,
      version: 1,
    });
    // Again: the same case, not a second one.
    const again = await post(s.comp, '/api/aml/cases', { alertId: alert.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<AmlCase>().id).toBe(caseId);
    const inCase = await get(s.comp, '/api/aml/alerts?state=in_case&pageSize=100');
    expect(inCase.json<AmlAlert[]>().filter((a) => a.customerId === acct.custId)).toHaveLength(2);
    // A later cash alert of the same customer joins the open case as it is raised.
    expect((await s.deposit(acct.number, '1.00')).statusCode).toBe(201);
    const list = await get(s.comp, `/api/aml/cases?q=${encodeURIComponent(k.customerName)}`);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('the case file is audited on every view, and moves only as the transitions table allows', async () => {
    const view = await get(s.comp, `/api/aml/cases/${caseId}`);
    expect(view.statusCode, view.body).toBe(200);
    const file = view.json<AmlCaseFile>();
    expect(file.alerts.map((a) => a.scenario).sort()).toEqual(['cash_aggregation', 'structuring']);
    expect(file.events[0]).toMatchObject({ kind: 'opened', toStatus: 'open' });
    const views = await queryRows<{ actor_email: string }>(
      t.app.db,
      sql`select actor_email from audit_log where action = 'aml.case_view' and target_id = ${caseId}`,
    );
    expect(views.map((v) => v.actor_email)).toEqual([s.comp.email]);

    expect((await move(s.comp, 'investigate', 1)).json<AmlCase>().status).toBe('under_investigation');
    // A stale copy, a missing reason, a step from the wrong state: refused, nothing changed.
    expect((await move(s.comp, 'escalate', 1, 'why')).statusCode).toBe(409);
    const noReason = await move(s.comp, 'escalate', 2);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe('/reason');
    expect((await move(s.comp, 'investigate', 2)).json().details.code).toBe('not_allowed');
    const note = await post(s.comp, `/api/aml/cases/${caseId}/notes`, { text: 'Spoke to the branch.' });
    expect(note.statusCode, note.body).toBe(200);
    const taken = await post(s.comp, `/api/aml/cases/${caseId}/assignee`, { assignee: 'me' });
    expect(taken.json<AmlCase>().assigneeEmail).toBe(s.comp.email);

    const up = await move(s.comp, 'escalate', 3, 'Structuring just under the CTR threshold');
    expect(up.json<AmlCase>().status).toBe('escalated');
    // The escalated case is the MLRO's: the officer may neither close it nor mark an STR here.
    const officerClose = await move(s.comp, 'dismiss', 4, 'x');
    expect(officerClose.statusCode).toBe(403);
    expect(officerClose.json().details.permission).toBe('aml.str.file');
    expect((await move(s.comp, 'close', 4, 'x')).json().details.code).toBe('not_allowed');
    const str = await move(s.mlro, 'file_str', 4);
    expect(str.statusCode).toBe(409);
    expect(str.json().error).toBe(AML_TEXT.strOnly);
    const closed = await move(s.mlro, 'dismiss', 4, 'Explained: school fees collected for a community');
    expect(closed.json<AmlCase>()).toMatchObject({
      status: 'closed_no_action',
      closedReason: expect.any(String),
    });
    const trail = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where target_type = 'aml_case' and target_id = ${caseId} order by id`,
    );
    expect(trail.map((x) => x.action)).toEqual([
      'aml.case_open',
      'aml.case_view',
      'aml.case_investigate',
      'aml.case_note',
      'aml.case_assign',
      'aml.case_escalate',
      'aml.case_close',
    ]);
  });

  it('exports the alert and case lists as CSV', async () => {
    const csv = await get(s.comp, '/api/aml/alerts?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toMatch(/^Alert,Date,Rule,Customer/);
    const cases = await get(s.comp, '/api/aml/cases?format=csv');
    expect(cases.body).toContain('Closed: no further action');
  });

  it('a rule change is four-eyes: checked params, never the maker’s own approval, a new version when approved', async () => {
    const body = { ...AML_RULE_DEFAULTS.structuring, enabled: true, version: 1 };
    const bad = await put(s.comp, '/api/aml/rules/structuring', {
      ...body,
      params: { ...body.params, threshold: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/params/threshold');
    const stale = await put(s.comp, '/api/aml/rules/structuring', { ...body, version: 7 });
    expect(stale.statusCode).toBe(409);
    const asked = await put(s.comp, '/api/aml/rules/structuring', {
      ...body,
      params: { ...body.params, threshold: '25000.00' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json<{ approvalId: string }>();
    expect((await put(s.comp2, '/api/aml/rules/structuring', body)).statusCode).toBe(409);
    const own = await post(s.comp, `/api/approvals/${approvalId}/approve`, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    // Still the old rule until a second officer approves.
    expect((await get(s.comp, '/api/aml/rules/structuring')).json<AmlRule>()).toMatchObject({
      version: 1,
      pendingApprovalId: approvalId,
    });
    expect((await post(s.mlro, `/api/approvals/${approvalId}/approve`, {})).statusCode).toBe(200);
    const rule = (await get(s.comp, '/api/aml/rules/structuring')).json<AmlRule>();
    expect(rule).toMatchObject({ version: 2, params: { threshold: '25000.00' }, pendingApprovalId: null });
    const [audit] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'aml.rule_change' and target_id = 'structuring'`,
    );
    expect(audit!.n).toBe(1);
  });
});
