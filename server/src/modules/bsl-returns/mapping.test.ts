import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, RETURNS_TEXT, type ReturnTemplate } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { returnsScene } from '../../../test/support/regulatory-returns.ts';
import { queryRows } from '../../db/rows.ts';

const URL = '/api/regulatory-returns/templates/sofp/lines/other_assets/mapping';

/** Changing which GL accounts a return line reads: a request a second person approves. */
describe('PUT /api/regulatory-returns/templates/:template/lines/:line/mapping', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof returnsScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    s = await returnsScene(t);
  });
  afterAll(() => t.close());

  const patterns = async () =>
    (await s.call('GET', '/api/regulatory-returns/templates', s.staff.accountant))
      .json<ReturnTemplate[]>()[0]!
      .lines.find((l) => l.code === 'other_assets')!.glPatterns;

  it('is a request; once approved the line reads the new accounts and the reconciliation shows the gap', async () => {
    const req = await s.call('PUT', URL, s.staff.accountant, {
      glPatterns: ['18%'],
      reason: 'Suspense apart',
    });
    expect(req.statusCode).toBe(202);
    expect(await patterns()).toEqual(['18%', '19%']);
    const own = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.staff.accountant);
    expect(own.statusCode).not.toBe(200);
    const self = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.staff.superuser);
    expect(self.statusCode).toBe(200);
    expect(await patterns()).toEqual(['18%']);
    // Suspense (1900) holds USD 250.50 and is now on no asset line: total assets miss it.
    const r = await s.prepare();
    const usd = r.returns[0]!.checks.find((c) => c.line === 'total_assets' && c.currency === 'USD')!;
    expect(usd.difference).toBe('-250.50');
    const [audit] = await queryRows<{ actor_email: string; details: Record<string, unknown> }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'return_mapping.change'`,
    );
    expect(audit).toMatchObject({
      actor_email: s.staff.accountant.email,
      details: {
        before: ['18%', '19%'],
        after: ['18%'],
        reason: 'Suspense apart',
        approvedBy: s.staff.superuser.email,
      },
    });
    const back = await s.call('PUT', URL, s.staff.accountant, { glPatterns: ['19%', '18%'], reason: 'Undo' });
    expect(
      (await s.call('POST', `/api/approvals/${back.json().approvalId}/approve`, s.staff.compliance))
        .statusCode,
    ).toBe(200);
    expect(await patterns()).toEqual(['18%', '19%']);
    expect((await s.prepare()).reconciled).toBe(true);
  });

  it('the maker never approves their own change', async () => {
    const req = await s.call('PUT', URL, s.staff.superuser, { glPatterns: ['18%'], reason: 'x' });
    const self = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.staff.superuser);
    expect(self.json().error).toBe(APPROVAL_TEXT.ownRequest);
    await s.call('POST', `/api/approvals/${req.json().approvalId}/withdraw`, s.staff.superuser, {});
  });

  it('refuses what cannot be a mapping, with the reason on the field; changes nothing', async () => {
    const put = (url: string, body: unknown, who = s.staff.accountant) => s.call('PUT', url, who, body);
    expect((await put(URL, { glPatterns: ['18%'], reason: 'x' }, s.staff.teller)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: {} })).statusCode).toBe(401);
    const none = await put(URL, { glPatterns: ['18%', '77%'], reason: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: '/glPatterns/1', message: RETURNS_TEXT.noGlMatch('77%') }]);
    const bad = await put(URL, { glPatterns: ["1' or 1=1"], reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { message: string }) => d.message)
        .sort(),
    ).toEqual([RETURNS_TEXT.patterns, RETURNS_TEXT.reason].sort());
    const same = await put(URL, { glPatterns: ['19%', '18%'], reason: 'x' });
    expect(same.json().details).toEqual([{ path: '/glPatterns', message: RETURNS_TEXT.sameMapping }]);
    const heading = await put('/api/regulatory-returns/templates/sofp/lines/assets/mapping', {
      glPatterns: ['1%'],
      reason: 'x',
    });
    expect(heading.json().details).toEqual([{ path: '/glPatterns', message: RETURNS_TEXT.notMapped }]);
    const missing = await put('/api/regulatory-returns/templates/sofp/lines/nope/mapping', {
      glPatterns: ['1%'],
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(await patterns()).toEqual(['18%', '19%']);
  });
});
