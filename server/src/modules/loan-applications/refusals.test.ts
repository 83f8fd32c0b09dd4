import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_APPLICATION_TEXT as T } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { borrower, loanScene, salaryLoan, savingsOf } from '../../../test/support/loan-applications.ts';
import { queryRows } from '../../db/rows.ts';

/** Each rule an application must keep: a 400 (or 403/409) naming it, and nothing written. */
describe('loan applications: refusals', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let b: { custId: number; account: string };
  const counts = async () =>
    (
      await queryRows<{ a: number; e: number; g: number; k: number; audit: number }>(
        t.app.db,
        sql`select (select count(*)::int from loan_applications) as a,
                   (select count(*)::int from loan_application_events) as e,
                   (select count(*)::int from loan_application_guarantors) as g,
                   (select count(*)::int from loan_application_collateral) as k,
                   (select count(*)::int from audit_log where action like 'loan_application.%') as audit`,
      )
    )[0]!;
  /** POSTs the body and expects a 400 whose details name `path` with `message`; nothing changes. */
  const refused = async (body: unknown, path: string, message: string) => {
    const before = await counts();
    const res = await s.call('POST', '/api/loan-applications', s.officer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    expect(await counts()).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    b = await borrower(t.app);
  });
  afterAll(() => t.close());

  it('a customer who is not Active', async () => {
    const p = await borrower(t.app, { status: 'Pending' });
    await refused(salaryLoan(p), '/custId', T.customerNotActive);
  });

  it('a customer whose KYC is incomplete', async () => {
    const p = await borrower(t.app, { kyc: false });
    await refused(salaryLoan(p), '/custId', T.kycIncomplete);
  });

  it('an amount or a term outside the product', async () => {
    await refused(salaryLoan(b, { amount: '500' }), '/amount', T.amountRange('1000.00', '200000.00'));
    await refused(salaryLoan(b, { amount: '200000.01' }), '/amount', T.amountRange('1000.00', '200000.00'));
    await refused(salaryLoan(b, { term: 48 }), '/term', T.termRange(3, 36));
    await refused(salaryLoan(b, { term: 2 }), '/term', T.termRange(3, 36));
  });

  it('a rate outside the product’s range', async () => {
    await refused(salaryLoan(b, { rate: '30.0001' }), '/rate', T.rateRange('18.0000', '30.0000'));
    await refused(salaryLoan(b, { rate: '17.5' }), '/rate', T.rateRange('18.0000', '30.0000'));
  });

  it('a repayment account of another customer, or not active', async () => {
    const other = await borrower(t.app);
    await refused(
      salaryLoan(b, { repaymentAccount: other.account }),
      '/repaymentAccount',
      T.repaymentAccount,
    );
    const blocked = await savingsOf(t.app, b.custId, '101', 'Blocked');
    await refused(salaryLoan(b, { repaymentAccount: blocked }), '/repaymentAccount', T.repaymentAccount);
    await refused(
      salaryLoan(b, { repaymentAccount: '1019999999999' }),
      '/repaymentAccount',
      T.repaymentAccount,
    );
  });

  it('a guarantor who is the borrower', async () => {
    await refused(
      salaryLoan(b, { guarantors: [{ custId: b.custId, amount: '5000' }] }),
      '/guarantors/0/custId',
      T.guarantorIsBorrower,
    );
  });

  it('collateral with a negative value, or a forced-sale value over the market value', async () => {
    const land = {
      type: 'land_title',
      description: 'Plot 4, Lumley',
      marketValue: '50000',
      forcedSaleValue: '30000',
    };
    await refused(
      salaryLoan(b, { collateral: [{ ...land, marketValue: '-1' }] as never }),
      '/collateral/0/marketValue',
      T.collateralNegative,
    );
    await refused(
      salaryLoan(b, { collateral: [{ ...land, forcedSaleValue: '-0.01' }] as never }),
      '/collateral/0/forcedSaleValue',
      T.collateralNegative,
    );
    await refused(
      salaryLoan(b, { collateral: [{ ...land, forcedSaleValue: '60000' }] as never }),
      '/collateral/0/forcedSaleValue',
      T.forcedSaleOverMarket,
    );
  });

  it('a salary loan without the salary; an unknown product', async () => {
    await refused(salaryLoan(b, { salary: null }), '/salary', T.salaryRequired);
    await refused(salaryLoan(b, { productCode: 'NOPE' }), '/productCode', T.productNotFound);
  });

  it('impossible numbers are a 400, never a 500', async () => {
    await refused(salaryLoan(b, { amount: '99999999999999999999' }), '/amount', T.amount);
    const res = await s.call('GET', '/api/loan-applications/99999999999', s.officer);
    expect(res.statusCode).toBe(400);
    expect((await s.call('GET', '/api/loan-applications/2147483647', s.officer)).statusCode).toBe(404);
  });

  it('a valid application with guarantor and collateral is stored, the coverage ratio computed', async () => {
    const g = await borrower(t.app);
    const res = await s.call(
      'POST',
      '/api/loan-applications',
      s.officer,
      salaryLoan(b, {
        guarantors: [{ custId: g.custId, amount: '10000' }],
        collateral: [
          {
            type: 'land_title',
            description: 'Plot 4, Lumley',
            marketValue: '50000',
            forcedSaleValue: '30000',
          },
          {
            type: 'cash_deposit',
            description: 'Fixed deposit under lien',
            marketValue: '5000',
            forcedSaleValue: '5000',
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const a = res.json().application;
    // 30,000 less 40% = 18,000, plus 5,000: 23,000 of 20,000 is 115%.
    expect(a.collateral.map((k: { lendingValue: string }) => k.lendingValue)).toEqual([
      '18000.00',
      '5000.00',
    ]);
    expect(a.coverageRatio).toBe('115.00');
    expect(a.guarantors).toEqual([{ custId: g.custId, name: expect.any(String), amount: '10000.00' }]);
  });

  it('without the permission: 403 before the body is read', async () => {
    const res = await s.call('POST', '/api/loan-applications', s.cso, { nonsense: true });
    expect(res.statusCode).toBe(403);
    const appraise = await s.call('POST', '/api/loan-applications/1/appraise', s.mgr, {
      recommendation: 'approve',
      notes: 'x',
    });
    expect(appraise.statusCode).toBe(403);
  });

  it('the database refuses what the server would: a negative collateral value, an unknown status', async () => {
    const bad = [
      sql`update loan_applications set status = 'Lost' where id = (select min(id) from loan_applications)`,
      sql`update loan_application_collateral set forced_sale_value = -1 where position = 1`,
      sql`update loan_applications set status = 'Approved' where recommendation is null and id = (select min(id) from loan_applications)`,
    ];
    for (const q of bad) await expect(t.app.db.execute(q)).rejects.toThrow();
  });
});
