import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { productStaff, savingsTerms } from '../../../test/support/products.ts';

/** GET /api/products/reports as JSON, CSV and PDF (the /products/reports screen). */
describe('GET /api/products/reports', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof productStaff>>;

  beforeAll(async () => {
    t = await createTestApp();
    s = await productStaff(t);
    // The fixtures' T-SAV gets version 1 of its terms through the API, then two accounts.
    const terms = savingsTerms({
      creditTiers: [
        { minBalance: '0.00', rate: '4.0000' },
        { minBalance: '10000.00', rate: '6.0000' },
      ],
    });
    expect(
      (await s.approved('PUT', '/api/products/T-SAV', { terms, reason: 'Terms for the report' })).statusCode,
    ).toBe(200);
    await openTestAccount(t.app.db);
    await openTestAccount(t.app.db, { status: 'Dormant' });
  });
  afterAll(() => t.close());

  it('counts accounts by status with the balance and the rate in force', async () => {
    const res = await s.call('GET', '/api/products/reports', s.maker);
    expect(res.statusCode).toBe(200);
    const row = res.json().rows.find((r: { code: string }) => r.code === 'T-SAV');
    expect(row).toMatchObject({ rate: '4.0000–6.0000', version: 1, accounts: 2, balance: '0.00' });
    expect(row.byStatus).toMatchObject({ Active: 1, Dormant: 1, Closed: 0 });
    expect(res.json().totals).toEqual(
      expect.arrayContaining([{ currency: 'SLE', accounts: 2, balance: '0.00' }]),
    );
  });

  it('downloads CSV and PDF; a teller may not', async () => {
    const csv = await s.call('GET', '/api/products/reports?format=csv', s.maker);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('T-SAV,Test savings,Savings,SLE,4.0000–6.0000,0,0,1,1,0,0,0,2,0.00');
    const pdf = await s.call('GET', '/api/products/reports?format=pdf', s.maker);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await s.call('GET', '/api/products/reports', s.teller)).statusCode).toBe(403);
  });
});
