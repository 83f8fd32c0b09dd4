import { sql } from 'drizzle-orm';
import type { ProductCreate, ProductTerms } from '@bankmanager/contracts';
import type { TestApp } from '../../../test/support/harness.ts';
import { ensureReferenceData } from '../../../test/support/banking-fixtures.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';

/** The business date the product tests run on (set in bank_business_date, as end of day would). */
export const TODAY = '2026-11-23';

export const setBusinessDate = (t: TestApp, date: string) =>
  t.app.db.execute(sql`insert into bank_business_date (id, business_date) values (true, ${date}::date)
                       on conflict (id) do update set business_date = excluded.business_date`);

/** Savings terms in force from `TODAY`; `over` replaces fields. */
export const savingsTerms = (over: Partial<ProductTerms> = {}): ProductTerms => ({
  effectiveFrom: TODAY,
  minOpeningBalance: '100.00',
  minOperatingBalance: '50.00',
  creditRate: '5.0000',
  creditTiers: [],
  dayCount: 'actual/365',
  postingFrequency: 'monthly',
  debitRate: null,
  monthlyFee: '0.00',
  belowMinimumFee: '5.00',
  closureFee: '25.00',
  dormancyDays: 365,
  fixedDeposit: null,
  ...over,
});

let n = 0;
/** A valid new Leone savings product on the chart's seeded accounts. */
export const newSavings = (over: Partial<ProductCreate> = {}): ProductCreate => ({
  code: `SV-${++n}`,
  name: 'Test Savings',
  accountType: 'Savings',
  currency: 'SLE',
  gl: {
    control: '2020',
    interestExpense: '5010',
    interestPayable: '2510',
    feeIncome: '4020',
    withholdingTaxPayable: '2520',
  },
  terms: savingsTerms(),
  ...over,
});

/** Two superusers (maker and checker: no seeded role holds products.manage) and a teller. */
export async function productStaff(t: TestApp) {
  await ensureReferenceData(t.app.db);
  await setBusinessDate(t, TODAY);
  const s = await staffUsers(t.app);
  const [maker, checker, teller] = (await Promise.all([
    s.make('superuser', 'pmaker'),
    s.make('superuser', 'pchecker'),
    s.make('activated', 'teller'),
  ])) as [StaffUser, StaffUser, StaffUser];
  await setRoles(t.app, teller.userId, ['teller'], 'T01');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: who.auth },
      ...(payload ? { payload: payload as object } : {}),
    });
  /** Makes the request as `maker` and approves it as `checker`; returns the approval's answer. */
  const approved = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await call(method, url, maker, payload);
    if (res.statusCode !== 202) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return call('POST', `/api/approvals/${res.json().approvalId}/approve`, checker);
  };
  return { maker, checker, teller, call, approved };
}
