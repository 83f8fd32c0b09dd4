import { sql } from 'drizzle-orm';
import type { LoanApplicationInput } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { insertLoanProducts } from '../../src/db/seed/banking/loan-products.ts';
import { BRANCH, depositScene } from './deposit-accounts.ts';
import { TODAY } from './products.ts';
import { setRoles } from './roles.ts';
import type { StaffUser } from './staff-users.ts';

/** The bank's capital in the loan tests: a single-obligor limit of 10% is Le 1,000,000. */
export const TEST_CAPITAL = '10000000.00';

let n = 0;

/**
 * The loan-application scene: the seeded loan products, branches 101 and 202, capital on the equity
 * accounts, and staff in the roles the lifecycle names (credit officers, Branch Managers, the Head of
 * Credit and a Credit Committee member).
 */
export async function loanScene(app: App) {
  const d = await depositScene(app);
  await app.db.execute(sql`insert into bank_business_date (id, business_date) values (true, ${TODAY}::date)
                           on conflict (id) do update set business_date = excluded.business_date`);
  await app.db.transaction(async (tx) => {
    await insertLoanProducts(tx);
    const [e] = await queryRows<{ id: string }>(
      tx,
      sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_business_date(), 'test capital', 'system', ${`CAP-${Date.now()}`})
          returning id`,
    );
    await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount) values
      (${e!.id}, '1900', 'SLE', 'debit', ${TEST_CAPITAL}::numeric), (${e!.id}, '3020', 'SLE', 'credit', ${TEST_CAPITAL}::numeric)`);
  });
  const make = async (role: string, branch: string | null, prefix: string) => {
    const u = await d.makeStaff('activated', prefix);
    await setRoles(app, u.userId, [role], branch);
    return u;
  };
  const officer = await make('credit_officer', BRANCH, 'lo');
  const officer2 = await make('credit_officer', BRANCH, 'lo2');
  const awayOfficer = await make('credit_officer', '202', 'loaway');
  const head = await make('head_of_credit', null, 'hoc');
  const committee = await make('credit_committee', null, 'ccm');
  const committee2 = await make('credit_committee', null, 'ccm2');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  return { ...d, officer, officer2, awayOfficer, head, committee, committee2, call };
}

/** An Active customer with complete KYC at branch 101 (or as asked), with an Active savings account. */
export async function borrower(
  app: App,
  o: { status?: string; kyc?: boolean; pep?: boolean; type?: string; risk?: string; branch?: string } = {},
): Promise<{ custId: number; account: string }> {
  const i = ++n;
  const kyc = o.kyc ?? true;
  const high = o.risk === 'high';
  const [c] = await queryRows<{ cust_id: number }>(
    app.db,
    sql`insert into customers (name, type, mobile_no, status, branch_code, id_type, id_number, date_of_birth, address,
          kyc_verified_at, pep, risk_rating, edd_notes, review_on)
        values (${`Borrower ${i} Sesay`}, ${o.type ?? 'private'}, ${`+2327800${String(i).padStart(4, '0')}`},
                ${o.status ?? 'Active'}, ${o.branch ?? BRANCH}, 'national_id', ${`LN${Date.now() % 1e6}${i}`},
                date '1985-04-01', '12 Siaka Stevens Street, Freetown', ${kyc ? sql`now()` : sql`null`},
                ${o.pep ?? false}, ${o.risk ?? 'low'}, ${high ? 'EDD done' : null}, ${high ? sql`date '2027-06-01'` : null})
        returning cust_id`,
  );
  const custId = Number(c!.cust_id);
  return { custId, account: await savingsOf(app, custId, o.branch ?? BRANCH) };
}

/** Opens an Active (or as asked) savings account for the customer; returns its number. */
export async function savingsOf(
  app: App,
  custId: number,
  branch = BRANCH,
  status = 'Active',
): Promise<string> {
  const [a] = await queryRows<{ account_number: string }>(
    app.db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code, block_kind)
        values (make_account_number(${branch}, nextval('account_serial_seq')), ${custId}, 'TS-SAV', 'Savings', 'SLE', ${status},
                date '2026-01-01', ${branch}, '2020', ${status === 'Blocked' ? 'total' : null})
        returning account_number`,
  );
  return a!.account_number;
}

/** A Salary Loan of Le 20,000 over 12 months at 24% (EMI Le 1,891.19), salary Le 10,000. */
export const salaryLoan = (
  b: { custId: number; account: string },
  over: Partial<LoanApplicationInput> = {},
): LoanApplicationInput => ({
  custId: b.custId,
  productCode: 'SAL-SLE',
  amount: '20000.00',
  term: 12,
  rate: '24',
  sector: 'PUB',
  purpose: 'School fees',
  repaymentAccount: b.account,
  salary: { employer: 'Ministry of Finance', netMonthlySalary: '10000.00', monthlyObligations: '1000.00' },
  guarantors: [],
  collateral: [],
  ...over,
});
