import { sql } from 'drizzle-orm';
import { previousMonthEnd, type PreparedReturns } from '@bankmanager/contracts';
import type { TestApp } from './harness.ts';
import { openTestAccount } from './banking-fixtures.ts';
import { postTestEntry } from './journal-entries.ts';
import { queryRows } from '../../src/db/rows.ts';
import { setRoles } from './roles.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

/** The day `n` days after an ISO date. */
export const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A bank with known figures over two month ends before today: share capital at the central bank and
 * a USD fee in the earlier month; a private saver, a corporate current account, a Leone loan and cash
 * in the later one. Staff: an Accountant (prepares), a Compliance Officer (signs off), a Teller
 * (neither), and a superuser.
 */
export async function returnsScene(t: TestApp) {
  const db = t.app.db;
  const [{ d: today }] = (await queryRows<{ d: string }>(
    db,
    sql`select current_business_date()::text as d`,
  )) as [{ d: string }];
  const monthEnd = previousMonthEnd(today);
  const previous = previousMonthEnd(monthEnd);
  const inPrevious = addDays(previous, -10);
  const inMonth = addDays(monthEnd, -5);
  await postTestEntry(
    db,
    [
      { gl: '1030', side: 'debit', amount: '1000000.00', currency: 'SLE' },
      { gl: '3010', side: 'credit', amount: '1000000.00', currency: 'SLE' },
    ],
    { on: inPrevious },
  );
  await postTestEntry(
    db,
    [
      { gl: '1900', side: 'debit', amount: '250.50', currency: 'USD' },
      { gl: '4020', side: 'credit', amount: '250.50', currency: 'USD' },
    ],
    { on: inPrevious },
  );
  const saver = await openTestAccount(db, { type: 'Savings' });
  const firm = await openTestAccount(db, { type: 'Current' });
  await db.execute(sql`update customers set type = 'corporate' where cust_id = ${firm.custId}`);
  const borrower = await openTestAccount(db, { type: 'Loan' });
  await postTestEntry(
    db,
    [
      { gl: '1010', side: 'debit', amount: '5000.00', currency: 'SLE' },
      { accountId: saver.accountId, side: 'credit', amount: '5000.00' },
    ],
    { on: inMonth },
  );
  await postTestEntry(
    db,
    [
      { gl: '1010', side: 'debit', amount: '20000.25', currency: 'SLE' },
      { accountId: firm.accountId, side: 'credit', amount: '20000.25' },
    ],
    { on: inMonth },
  );
  // A loan of Le 150,000 paid out in cash: 15% of the capital base, so a large exposure.
  await postTestEntry(
    db,
    [
      { accountId: borrower.accountId, side: 'debit', amount: '150000.00' },
      { gl: '1010', side: 'credit', amount: '150000.00', currency: 'SLE' },
    ],
    { on: inMonth },
  );

  const staff = await staffUsers(t.app);
  const [accountant, compliance, teller, superuser] = await Promise.all([
    staff.make('activated', 'acct'),
    staff.make('activated', 'compl'),
    staff.make('activated', 'teller'),
    staff.make('superuser', 'root'),
  ]);
  await setRoles(t.app, accountant.userId, ['accountant'], 'T01');
  await setRoles(t.app, compliance.userId, ['compliance'], 'T01');
  await setRoles(t.app, teller.userId, ['teller'], 'T01');

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const prepare = async (who: StaffUser = accountant) =>
    (await call('GET', `/api/regulatory-returns/prepare?monthEnd=${monthEnd}`, who)).json<PreparedReturns>();
  return {
    today,
    monthEnd,
    previous,
    inMonth,
    accounts: { saver, firm, borrower },
    staff: { accountant, compliance, teller, superuser },
    call,
    prepare,
  };
}

/** One line of one return in a prepared month. */
export const lineOf = (r: PreparedReturns, template: string, line: string) => {
  const l = r.returns.find((x) => x.code === template)?.lines.find((x) => x.code === line);
  if (!l) throw new Error(`no line ${template}/${line}`);
  return l;
};
