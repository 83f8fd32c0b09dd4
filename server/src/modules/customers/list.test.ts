import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff, privateCustomer } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';

/** The list (search, filters, sort, paging, branch scope) and the reports. */
describe('GET /api/customers and reports', () => {
  let t: TestApp;
  let cso: StaffUser, away: StaffUser, comp: StaffUser;
  const ids: number[] = [];
  const get = (url: string, who = cso) => t.app.inject({ url, headers: { authorization: who.auth } });
  const names = async (url: string, who = cso) =>
    (await get(url, who)).json().map((r: { name: string }) => r.name);

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, away, comp } = await customerStaff(t.app));
    const people = [
      { firstName: 'Aminata', lastName: 'Conteh', idNumber: 'AC123456', mobile: '+23276555111', pep: true },
      { firstName: 'Ibrahim', lastName: 'Bangura', idNumber: 'IB654321', mobile: '+23277555222' },
      { firstName: 'Mariama', lastName: 'Jalloh', idNumber: 'MJ111222', mobile: '+23278555333' },
    ];
    for (const p of people) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: { authorization: cso.auth },
        payload: privateCustomer(p),
      });
      ids.push(res.json().id);
    }
  });
  afterAll(() => t.close());

  it('searches by name, zero-padded id, NIN and mobile (also typed the local way)', async () => {
    expect(await names('/api/customers?q=bangu')).toEqual(['Ibrahim Bangura']);
    expect(await names(`/api/customers?q=${String(ids[2]).padStart(6, '0')}`)).toEqual(['Mariama Jalloh']);
    expect(await names('/api/customers?q=ac1234')).toEqual(['Aminata Conteh']);
    expect(await names('/api/customers?q=077555222')).toEqual(['Ibrahim Bangura']);
  });

  it('filters, sorts and pages with the exact total', async () => {
    const res = await get('/api/customers?sort=name&dir=desc&pageSize=2&page=1');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Mariama Jalloh', 'Ibrahim Bangura']);
    expect(await names('/api/customers?risk=high')).toEqual(['Aminata Conteh']);
    expect(await names('/api/customers?status=Active')).toEqual([]);
    expect(await names('/api/customers?kyc=incomplete&type=private&sort=id')).toHaveLength(3);
    const bad = await get('/api/customers?sort=balance');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps staff to their branch unless they may see all', async () => {
    expect(await names('/api/customers', away)).toEqual([]);
    expect((await get('/api/customers?branch=T01', away)).statusCode).toBe(403);
    expect(await names('/api/customers?branch=T01', comp)).toHaveLength(3);
    expect((await get(`/api/customers/${ids[0]}/360`, away)).statusCode).toBe(403);
  });

  it('reports as JSON, formula-safe CSV and PDF', async () => {
    const json = (await get('/api/customers/reports/pep-high-risk', comp)).json();
    expect(json).toMatchObject({ total: 1, rows: [{ name: 'Aminata Conteh', note: 'PEP; High risk' }] });
    const csv = await get('/api/customers/reports/new-customers?format=csv', comp);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Mariama Jalloh');
    const pdf = await get('/api/customers/reports/kyc-gaps?format=pdf', comp);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/customers/reports/dormant?from=2026-02-01&to=2026-01-01', comp)).statusCode).toBe(
      400,
    );
  });

  it('documents every customer route in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/customers',
        '/api/customers/{custId}/360',
        '/api/customers/{custId}/status',
        '/api/customers/{custId}/documents',
        '/api/customers/merge',
        '/api/customers/reports/{report}',
      ]),
    );
  });

  // Last: it changes the customers the tests above expect as created.
  it('reads unsearched totals from the trigger-kept counts, equal to counting the customers', async () => {
    // Every column the counts key on changes, in each way a customer changes.
    await t.db.db.execute(sql`update customers set status = 'Active' where cust_id = ${ids[0]}`);
    await t.db.db.execute(sql`update customers set risk_override = 'low' where cust_id = ${ids[0]}`);
    await t.db.db.execute(
      sql`update customers set address = 'Freetown', kyc_verified_at = now(), date_of_birth = '1990-01-01'
          where cust_id = ${ids[1]}`,
    );
    await t.db.db.execute(sql`update customers set name = 'Mariama B. Jalloh' where cust_id = ${ids[2]}`);
    const drift = async () =>
      (
        await queryRows<{ n: number }>(
          t.db.db,
          sql`select count(*)::int as n from (
                (select type, status, branch_code, coalesce(risk_override, risk_rating) as risk, kyc_complete, count(*) as n
                   from customers group by 1, 2, 3, 4, 5
                 except select type, status, branch_code, risk, kyc_complete, n from customer_counts where n <> 0)
                union all
                (select type, status, branch_code, risk, kyc_complete, n from customer_counts where n <> 0
                 except select type, status, branch_code, coalesce(risk_override, risk_rating), kyc_complete, count(*)
                   from customers group by 1, 2, 3, 4, 5)) d`,
        )
      )[0]!.n;
    expect(await drift()).toBe(0);
    for (const [query, where] of [
      ['', sql`true`],
      ['status=Active', sql`status = 'Active'`],
      ['risk=low&type=private', sql`coalesce(risk_override, risk_rating) = 'low' and type = 'private'`],
      ['kyc=complete', sql`kyc_complete`],
    ] as const) {
      const res = await get(`/api/customers?${query}&pageSize=1`, comp);
      const [direct] = await queryRows<{ n: number }>(
        t.db.db,
        sql`select count(*)::int as n from customers where ${where}`,
      );
      expect(res.headers['x-total-count']).toBe(String(direct!.n));
    }
  });
});
