import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, PRODUCT_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { newSavings, productStaff, savingsTerms, TODAY } from '../../../test/support/products.ts';

/** Create and read products over HTTP, four-eyes through the approvals routes. */
describe('GET|POST /api/products', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof productStaff>>;
  const count = async (table: 'products' | 'product_versions') =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    s = await productStaff(t);
  });
  afterAll(() => t.close());

  it('a new product is a request; the checker approves it and it is listed with its terms', async () => {
    const p = newSavings({ name: 'Youth Saver' });
    const req = await s.call('POST', '/api/products', s.maker, p);
    expect(req.statusCode).toBe(202);
    expect((await s.call('GET', `/api/products/${p.code}`, s.teller)).statusCode).toBe(404);
    const ok = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, s.checker);
    expect(ok.statusCode).toBe(200);

    const list = await s.call('GET', '/api/products?type=Savings&currency=SLE&status=active', s.teller);
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((x: { code: string }) => x.code === p.code);
    expect(mine).toMatchObject({
      name: 'Youth Saver',
      openAccounts: 0,
      versions: [],
      terms: { creditRate: '5.0000' },
    });
    // The fixtures' products have no terms and the loan product is not a deposit product: neither is listed.
    expect(list.json().map((x: { code: string }) => x.code)).not.toContain('T-LOAN');
    expect((await s.call('GET', '/api/products?currency=USD', s.teller)).json()).toEqual([]);

    const one = (await s.call('GET', `/api/products/${p.code}`, s.teller)).json();
    expect(one.versions).toEqual([
      expect.objectContaining({ version: 1, effectiveFrom: TODAY, approvedBy: s.checker.email }),
    ]);
    const [audit] = await queryRows<{ actor_email: string; details: { checkerEmail: string } }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'product.create' and target_id = ${p.code}`,
    );
    expect(audit).toMatchObject({ actor_email: s.maker.email, details: { checkerEmail: s.checker.email } });
  });

  it('the maker cannot approve their own product (409) and nothing is created', async () => {
    const p = newSavings();
    const { approvalId } = (await s.call('POST', '/api/products', s.maker, p)).json();
    const own = await s.call('POST', `/api/approvals/${approvalId}/approve`, s.maker);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await s.call('GET', `/api/products/${p.code}`, s.teller)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 per field, and nothing changes', async () => {
    const [products, versions] = [await count('products'), await count('product_versions')];
    const bad = async (body: unknown, path: string, message: string | RegExp) => {
      const res = await s.call('POST', '/api/products', s.maker, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          { path, message: typeof message === 'string' ? message : expect.stringMatching(message) },
        ]),
      );
    };
    const tiers = [
      { minBalance: '0.00', rate: '4.0000' },
      { minBalance: '0.00', rate: '5.0000' },
    ];
    await bad(
      newSavings({ terms: savingsTerms({ creditTiers: tiers }) }),
      '/terms/creditTiers',
      PRODUCT_TEXT.tiers,
    );
    await bad(
      newSavings({ accountType: 'Fixed Deposit', gl: { ...newSavings().gl, control: '2030' } }),
      '/terms/fixedDeposit',
      PRODUCT_TEXT.tenors,
    );
    await bad(
      newSavings({ terms: savingsTerms({ debitRate: '20.0000' }) }),
      '/terms/debitRate',
      PRODUCT_TEXT.debitRateCurrentOnly,
    );
    await bad(
      newSavings({ terms: savingsTerms({ effectiveFrom: '2026-11-22' }) }),
      '/terms/effectiveFrom',
      PRODUCT_TEXT.effectiveFrom,
    );
    // GL: a USD control account for a Leone product, an unknown code, a control account as fee income.
    await bad(newSavings({ gl: { ...newSavings().gl, control: '2021' } }), '/gl/control', /control account/);
    await bad(
      newSavings({ gl: { ...newSavings().gl, interestExpense: '9999' } }),
      '/gl/interestExpense',
      /No active GL/,
    );
    await bad(newSavings({ gl: { ...newSavings().gl, feeIncome: '2010' } }), '/gl/feeIncome', /control/);
    await bad({ ...newSavings(), code: 'bad code' }, '/code', PRODUCT_TEXT.code);
    expect([await count('products'), await count('product_versions')]).toEqual([products, versions]);
  });

  it('a duplicate code is 409 product_exists; a teller may read but not create', async () => {
    const dup = await s.call('POST', '/api/products', s.maker, newSavings({ code: 'T-SAV' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toEqual({ code: 'product_exists' });
    expect((await s.call('POST', '/api/products', s.teller, newSavings())).statusCode).toBe(403);
  });

  it('two requests for the same new code: the second approval is refused as stale', async () => {
    const p = newSavings();
    const a = (await s.call('POST', '/api/products', s.maker, p)).json().approvalId;
    const b = (await s.call('POST', '/api/products', s.maker, { ...p, name: 'Other name' })).json()
      .approvalId;
    expect((await s.call('POST', `/api/approvals/${a}/approve`, s.checker)).statusCode).toBe(200);
    const stale = await s.call('POST', `/api/approvals/${b}/approve`, s.checker);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({ code: 'subject_changed' });
  });
});
