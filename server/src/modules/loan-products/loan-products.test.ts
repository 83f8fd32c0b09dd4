import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  LOAN_PRODUCT_TEXT,
  TOTAL_COUNT_HEADER,
  loanProductSchema,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanTerms, newLoanProduct } from '../../../test/support/loan-products.ts';
import { productStaff } from '../../../test/support/products.ts';
import { queryRows } from '../../db/rows.ts';
import { insertLoanProducts } from '../../db/seed/banking/loan-products.ts';
import { LOAN_GL_TEXT } from './validation.ts';

/** Create, read and refuse loan products over HTTP; four-eyes through the approvals routes. */
describe('GET|POST /api/loan-products', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof productStaff>>;
  /** Everything a refused request must leave as it was. */
  const counts = async () =>
    (
      await queryRows<{ p: number; v: number; a: number }>(
        t.app.db,
        sql`select (select count(*)::int from loan_products) as p,
                   (select count(*)::int from loan_product_versions) as v,
                   (select count(*)::int from approval_requests where type = 'loan_product.change') as a`,
      )
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    s = await productStaff(t);
  });
  afterAll(() => t.close());

  it('a new product is a request; the checker approves it and it is listed with version 1', async () => {
    const p = newLoanProduct({ name: 'Civil Servant Loan' });
    const req = await s.call('POST', '/api/loan-products', s.maker, p);
    expect(req.statusCode).toBe(202);
    expect((await s.call('GET', `/api/loan-products/${p.code}`, s.teller)).statusCode).toBe(404);
    const ok = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.checker);
    expect(ok.statusCode).toBe(200);

    const list = await s.call('GET', '/api/loan-products?currency=SLE&status=active', s.teller);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((x: { code: string }) => x.code === p.code)).toEqual({
      code: p.code,
      name: 'Civil Servant Loan',
      currency: 'SLE',
      status: 'active',
      gl: p.gl,
      version: 1,
      terms: p.terms,
      versions: [],
    });
    const one = (await s.call('GET', `/api/loan-products/${p.code}`, s.teller)).json();
    expect(one.versions).toEqual([
      expect.objectContaining({ version: 1, terms: p.terms, approvedBy: s.checker.email, reason: null }),
    ]);
    const [audit] = await queryRows<{ actor_email: string; details: { approvedBy: string } }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'loan_product.create' and target_id = ${p.code}`,
    );
    expect(audit).toMatchObject({ actor_email: s.maker.email, details: { approvedBy: s.checker.email } });
  });

  it('keeps amounts and fees as the maker wrote them: fixed fees with 2 decimals, rates with 4', async () => {
    const p = newLoanProduct({
      terms: loanTerms({
        processingFee: { kind: 'fixed', value: '150.50', treatment: 'capitalised' },
        penalty: { kind: 'fixed', value: '25.00', toleranceDays: 0 },
        insuranceRate: '1.2500',
        maxDebtServiceRatio: null,
        allocationOrder: ['interest', 'principal', 'fees', 'penalties'],
      }),
    });
    expect((await s.approved('POST', '/api/loan-products', p)).statusCode).toBe(200);
    expect((await s.call('GET', `/api/loan-products/${p.code}`, s.teller)).json().terms).toEqual(p.terms);
  });

  it('the maker cannot approve their own product and nothing is created', async () => {
    const p = newLoanProduct();
    const { approvalId } = (await s.call('POST', '/api/loan-products', s.maker, p)).json();
    const own = await s.call('POST', `/api/approvals/${approvalId}/approve`, s.maker);
    // The approvals engine answers 409 for the maker's own request, whatever the type.
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: APPROVAL_TEXT.ownRequest, details: { code: 'own_request' } });
    expect((await s.call('GET', `/api/loan-products/${p.code}`, s.teller)).statusCode).toBe(404);
  });

  it('without loan_products.manage: no request (403), and no approval (403)', async () => {
    const before = await counts();
    const asTeller = await s.call('POST', '/api/loan-products', s.teller, newLoanProduct());
    expect(asTeller.statusCode).toBe(403);
    expect(asTeller.json().details).toEqual({ permission: 'loan_products.manage' });
    expect(await counts()).toEqual(before);

    const p = newLoanProduct();
    const { approvalId } = (await s.call('POST', '/api/loan-products', s.maker, p)).json();
    const byTeller = await s.call('POST', `/api/approvals/${approvalId}/approve`, s.teller);
    expect(byTeller.statusCode).toBe(403);
    expect((await s.call('GET', `/api/loan-products/${p.code}`, s.teller)).statusCode).toBe(404);
  });

  it('refuses every range violation with 400 at its field, and nothing changes', async () => {
    const before = await counts();
    const bad = async (terms: Parameters<typeof loanTerms>[0], path: string, message: string) => {
      const res = await s.call(
        'POST',
        '/api/loan-products',
        s.maker,
        newLoanProduct({ terms: loanTerms(terms) }),
      );
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details).toEqual(expect.arrayContaining([{ path, message }]));
    };
    await bad(
      { amount: { min: '5000.00', max: '1000.00' } },
      '/terms/amount/max',
      LOAN_PRODUCT_TEXT.amountRange,
    );
    await bad({ amount: { min: '0.00', max: '1000.00' } }, '/terms/amount/min', LOAN_PRODUCT_TEXT.amount);
    await bad({ amount: { min: '1,000', max: '1000.00' } }, '/terms/amount/min', LOAN_PRODUCT_TEXT.amount);
    await bad({ term: { min: 12, max: 6 } }, '/terms/term/max', LOAN_PRODUCT_TEXT.termRange);
    await bad({ term: { min: 0, max: 6 } }, '/terms/term/min', LOAN_PRODUCT_TEXT.term);
    await bad({ term: { min: 3, max: 1000 } }, '/terms/term/max', LOAN_PRODUCT_TEXT.term);
    await bad(
      { rate: { min: '30.0000', max: '18.0000', default: '24.0000' } },
      '/terms/rate/max',
      LOAN_PRODUCT_TEXT.rateRange,
    );
    await bad(
      { rate: { min: '18.0000', max: '30.0000', default: '31.0000' } },
      '/terms/rate/default',
      LOAN_PRODUCT_TEXT.defaultRate,
    );
    await bad({ rate: { min: '18', max: '101', default: '24' } }, '/terms/rate/max', LOAN_PRODUCT_TEXT.rate);
    await bad(
      { processingFee: { kind: 'percent', value: '120', treatment: 'deducted' } },
      '/terms/processingFee/value',
      LOAN_PRODUCT_TEXT.rate,
    );
    await bad(
      { penalty: { kind: 'fixed', value: '-5', toleranceDays: 3 } },
      '/terms/penalty/value',
      LOAN_PRODUCT_TEXT.feeAmount,
    );
    await bad(
      { penalty: { kind: 'percent', value: '5', toleranceDays: 400 } },
      '/terms/penalty/toleranceDays',
      LOAN_PRODUCT_TEXT.tolerance,
    );
    await bad(
      { allocationOrder: ['penalties', 'fees', 'interest', 'interest'] },
      '/terms/allocationOrder',
      LOAN_PRODUCT_TEXT.allocation,
    );
    await bad(
      { allocationOrder: ['penalties', 'fees', 'interest'] },
      '/terms/allocationOrder',
      LOAN_PRODUCT_TEXT.allocation,
    );
    await bad(
      { grace: { maxPrincipalOnly: 2, maxFull: 1 } },
      '/terms/grace/maxFull',
      LOAN_PRODUCT_TEXT.graceTerm,
    );
    await bad({ maxDebtServiceRatio: '0' }, '/terms/maxDebtServiceRatio', LOAN_PRODUCT_TEXT.dsr);
    const code = await s.call('POST', '/api/loan-products', s.maker, {
      ...newLoanProduct(),
      code: 'bad code',
    });
    expect(code.json().details).toEqual([{ path: '/code', message: LOAN_PRODUCT_TEXT.code }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses GL codes that do not exist or are of the wrong type or currency (400), and nothing changes', async () => {
    const before = await counts();
    const bad = async (
      gl: Partial<ReturnType<typeof newLoanProduct>['gl']>,
      path: string,
      message: string,
    ) => {
      const p = newLoanProduct();
      const res = await s.call('POST', '/api/loan-products', s.maker, { ...p, gl: { ...p.gl, ...gl } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details).toEqual([{ path, message }]);
    };
    await bad({ interestIncome: '9999' }, '/gl/interestIncome', LOAN_GL_TEXT.missing);
    await bad({ portfolio: '14' }, '/gl/portfolio', LOAN_GL_TEXT.missing);
    await bad({ portfolio: '1411' }, '/gl/portfolio', LOAN_GL_TEXT.portfolio);
    await bad({ portfolio: '2010' }, '/gl/portfolio', LOAN_GL_TEXT.portfolio);
    await bad({ feeIncome: '5010' }, '/gl/feeIncome', LOAN_GL_TEXT.income);
    await bad({ interestReceivable: '4010' }, '/gl/interestReceivable', LOAN_GL_TEXT.receivable);
    await bad({ penaltyIncome: '1410' }, '/gl/penaltyIncome', LOAN_GL_TEXT.notControl);
    expect(await counts()).toEqual(before);
    // The US dollar portfolio takes a USD product.
    const usd = newLoanProduct({ currency: 'USD', gl: { ...newLoanProduct().gl, portfolio: '1411' } });
    expect((await s.call('POST', '/api/loan-products', s.maker, usd)).statusCode).toBe(202);
  });

  it('a duplicate code is 409 product_exists', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const dup = await s.call('POST', '/api/loan-products', s.maker, p);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: LOAN_PRODUCT_TEXT.duplicate,
      details: { code: 'product_exists' },
    });
  });

  it('lists a page sorted in the database, with the total in X-Total-Count', async () => {
    for (const name of ['Aardvark Loan', 'Zebra Loan'])
      await s.approved('POST', '/api/loan-products', newLoanProduct({ name }));
    const total = (await counts()).p;
    expect(total).toBeGreaterThan(2);
    const first = await s.call('GET', '/api/loan-products?sort=name&order=desc&pageSize=1', s.teller);
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(total));
    expect(first.json().map((x: { name: string }) => x.name)).toEqual(['Zebra Loan']);
    const last = await s.call('GET', '/api/loan-products?sort=name&page=1&pageSize=1', s.teller);
    expect(last.json().map((x: { name: string }) => x.name)).toEqual(['Aardvark Loan']);
    expect((await s.call('GET', '/api/loan-products?sort=rate', s.teller)).statusCode).toBe(400);
  });

  it('the database itself refuses a version whose ranges make no sense', async () => {
    const p = newLoanProduct();
    await s.approved('POST', '/api/loan-products', p);
    const refuse = async (column: string, value: string, constraint: string) => {
      const err: unknown = await t.app.db
        .execute(
          sql.raw(`update loan_product_versions set ${column} = ${value} where product_code = '${p.code}'`),
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(String((err as { cause?: unknown } | null)?.cause)).toContain(
        `loan_product_versions_${constraint}_check`,
      );
    };
    await refuse('min_amount', '300000', 'amount');
    await refuse('max_term', '2', 'term');
    await refuse('default_rate', '50', 'rate');
    await refuse('fee_value', '101', 'fee');
    await refuse('allocation_order', `array['fees','fees','interest','principal']`, 'allocation');
    await refuse('max_debt_service_ratio', '0', 'ratios');
  });
  it('serves the three products of the demo seed, each valid by the contracts', async () => {
    await insertLoanProducts(t.app.db);
    const seeded = await Promise.all(
      ['SAL-SLE', 'SME-SLE', 'MIC-SLE'].map(async (code) =>
        loanProductSchema.parse((await s.call('GET', `/api/loan-products/${code}`, s.teller)).json()),
      ),
    );
    expect(seeded.map((p) => [p.name, p.terms.interestMethod, p.terms.repaymentFrequency])).toEqual([
      ['Salary Loan', 'emi', 'monthly'],
      ['SME Term Loan', 'equal_principal', 'monthly'],
      ['Micro Loan', 'flat', 'weekly'],
    ]);
    expect(seeded[0]!.terms).toMatchObject({
      amount: { min: '1000.00', max: '200000.00' },
      term: { min: 3, max: 36 },
      rate: { min: '18.0000', max: '30.0000', default: '24.0000' },
      processingFee: { kind: 'percent', value: '2.0000', treatment: 'deducted' },
      maxDebtServiceRatio: '40.0000',
    });
    expect(seeded[1]!.terms).toMatchObject({
      term: { max: 60 },
      rate: { min: '20.0000', max: '32.0000', default: '28.0000' },
    });
    expect(seeded[2]!.terms).toMatchObject({ term: { min: 13, max: 26 }, rate: { default: '30.0000' } });
    expect(seeded.every((p) => p.versions[0]!.approvedBy === null)).toBe(true);
  });
});
