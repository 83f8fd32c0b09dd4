import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_PRODUCT_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanTerms, newLoanProduct } from '../../../test/support/loan-products.ts';
import { productStaff } from '../../../test/support/products.ts';
import { queryRows } from '../../db/rows.ts';

/** A change to a loan product over HTTP: a new version for new loans, the old one kept as it was. */
describe('PUT /api/loan-products/:code', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof productStaff>>;
  const get = async (code: string) => (await s.call('GET', `/api/loan-products/${code}`, s.teller)).json();

  beforeAll(async () => {
    t = await createTestApp();
    s = await productStaff(t);
  });
  afterAll(() => t.close());

  it('new terms are version 2 once approved; version 1 stays as it was; the list shows version 2', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const terms = loanTerms({ rate: { min: '20.0000', max: '32.0000', default: '26.0000' } });
    const req = await s.call('PUT', `/api/loan-products/${p.code}`, s.maker, {
      terms,
      reason: 'Policy rate rose',
    });
    expect(req.statusCode).toBe(202);
    // Nothing changes until a checker approves.
    expect((await get(p.code)).version).toBe(1);
    expect(
      (await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.checker)).statusCode,
    ).toBe(200);

    const one = await get(p.code);
    expect(one).toMatchObject({ version: 2, terms });
    expect(one.versions).toEqual([
      expect.objectContaining({ version: 2, terms, reason: 'Policy rate rose', approvedBy: s.checker.email }),
      expect.objectContaining({ version: 1, terms: p.terms, reason: null }),
    ]);
    const list = (await s.call('GET', '/api/loan-products?pageSize=100', s.teller)).json();
    expect(list.find((x: { code: string }) => x.code === p.code)).toMatchObject({ version: 2, terms });
    const [audit] = await queryRows<{ actor_email: string; details: { version: number; reason: string } }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'loan_product.change' and target_id = ${p.code}`,
    );
    expect(audit).toMatchObject({
      actor_email: s.maker.email,
      details: { version: 2, reason: 'Policy rate rose' },
    });
  });

  it('name, status and GL change on the product without a new version', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const gl = { ...p.gl, feeIncome: '4020' };
    const ok = await s.approved('PUT', `/api/loan-products/${p.code}`, {
      name: 'Renamed Loan',
      status: 'retired',
      gl,
      reason: 'Retire it',
    });
    expect(ok.statusCode).toBe(200);
    expect(await get(p.code)).toMatchObject({ name: 'Renamed Loan', status: 'retired', gl, version: 1 });
  });

  it('refuses a new portfolio account, an empty change, bad terms and an unknown product; nothing changes', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const put = (body: unknown, code = p.code) => s.call('PUT', `/api/loan-products/${code}`, s.maker, body);
    const portfolio = await put({ gl: { ...p.gl, portfolio: '1411' }, reason: 'x' });
    expect(portfolio.statusCode).toBe(400);
    expect(portfolio.json().details).toEqual(
      expect.arrayContaining([{ path: '/gl/portfolio', message: LOAN_PRODUCT_TEXT.portfolioFixed }]),
    );
    const empty = await put({ reason: 'nothing' });
    expect(empty.json().details).toEqual([{ path: '/terms', message: LOAN_PRODUCT_TEXT.nothingToChange }]);
    const terms = await put({ terms: loanTerms({ term: { min: 40, max: 36 } }), reason: 'x' });
    expect(terms.json().details).toEqual([{ path: '/terms/term/max', message: LOAN_PRODUCT_TEXT.termRange }]);
    const noReason = await put({ name: 'Another' });
    expect(noReason.statusCode).toBe(400);
    expect((await put({ name: 'Another', reason: 'x' }, 'NOPE')).statusCode).toBe(404);
    expect(await get(p.code)).toMatchObject({ name: p.name, version: 1 });
  });

  it('a request made before another change was approved is refused as stale', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const first = (
      await s.call('PUT', `/api/loan-products/${p.code}`, s.maker, { name: 'One', reason: 'a' })
    ).json();
    const second = (
      await s.call('PUT', `/api/loan-products/${p.code}`, s.maker, { name: 'Two', reason: 'b' })
    ).json();
    expect((await s.call('POST', `/api/approvals/${first.approvalId}/approve`, s.checker)).statusCode).toBe(
      200,
    );
    const stale = await s.call('POST', `/api/approvals/${second.approvalId}/approve`, s.checker);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({ code: 'subject_changed' });
    expect((await get(p.code)).name).toBe('One');
  });
});
