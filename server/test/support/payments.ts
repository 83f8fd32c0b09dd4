import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { ensureReferenceData, openTestAccount } from './banking-fixtures.ts';
import { setRoles } from './roles.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

/** The other side of test deposits: 1900 Suspense (an account posting never names teller cash or a vault). */
export const TEST_CASH_GL = '1900';

/**
 * Staff for the payments tests: an Officer (default role, every branch), an accountant,
 * a supervisor and a branch manager at T01, a branch manager at T02 (scope), two superusers (who
 * also hold Branch Manager at T01, for its limits).
 */
export async function paymentsScene(app: App) {
  await ensureReferenceData(app.db);
  await app.db.execute(
    sql`insert into branches (code, name, town) values ('T02', 'Test Branch 2', 'Bo') on conflict do nothing`,
  );
  const s = await staffUsers(app);
  const [officer, accountant, supervisor, manager, away, boss, boss2] = (await Promise.all(
    ['officer', 'acct', 'sup', 'mgr', 'away', 'boss', 'boss2'].map((p) =>
      s.make(p.startsWith('boss') ? 'superuser' : 'activated', p),
    ),
  )) as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
  await setRoles(app, accountant.userId, ['accountant'], 'T01');
  await setRoles(app, supervisor.userId, ['supervisor'], 'T01');
  await setRoles(app, manager.userId, ['branch_manager'], 'T01');
  await setRoles(app, away.userId, ['branch_manager'], 'T02');
  // Superusers hold the limits of their roles like everyone else; these two deposit and approve.
  await setRoles(app, boss.userId, ['branch_manager'], 'T01');
  await setRoles(app, boss2.userId, ['branch_manager'], 'T01');
  return { officer, accountant, supervisor, manager, away, boss, boss2 };
}

/** A request as `who` through the real app. */
export function call(
  app: App,
  who: StaffUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  return app.inject({ method, url, headers: { authorization: who.auth }, payload: body });
}

/** Approves an approval request as `checker`; answers the response. */
export const approve = (app: App, checker: StaffUser, approvalId: string) =>
  call(app, checker, 'POST', `/api/approvals/${approvalId}/approve`, {});

let deposits = 0;
/** A test account (branch T01) with `balance` deposited from the branch's cash; answers its number. */
export async function fundedAccount(
  app: App,
  depositor: StaffUser,
  o: { currency?: 'SLE' | 'USD'; balance?: string; type?: 'Savings' | 'Current' } = {},
): Promise<string> {
  const { accountId } = await openTestAccount(app.db, { currency: o.currency ?? 'SLE', type: o.type });
  const [a] = await queryRows<{ n: string }>(
    app.db,
    sql`select account_number as n from accounts where id = ${accountId}`,
  );
  // In pieces within the depositor's per-posting limit (Branch Manager: Le 1,000,000).
  let left = o.balance ? toCents(o.balance) : 0n;
  while (left > 0n) {
    const piece = left > 100_000_000n ? 100_000_000n : left;
    left -= piece;
    const r = await call(app, depositor, 'POST', `/api/accounts/${a!.n}/transactions`, {
      direction: 'credit',
      amount: fromCents(piece),
      description: 'Opening deposit',
      reference: `PAY-DEP-${process.pid}-${++deposits}`,
      counter_account: TEST_CASH_GL,
    });
    if (r.statusCode !== 201) throw new Error(`deposit failed: ${r.body}`);
  }
  return a!.n;
}

/** The balance of an account by number. */
export async function balanceOf(app: App, number: string): Promise<string> {
  const [r] = await queryRows<{ b: string }>(
    app.db,
    sql`select balance::text as b from accounts where account_number = ${number}`,
  );
  return r!.b;
}

/** Enters the day's USD rates directly (the treasury route is tested on its own). */
export async function setUsdRate(app: App, buy: string, sell: string, mid: string) {
  await app.db.execute(sql`insert into fx_rates (currency, business_date, buy, sell, mid)
    values ('USD', current_business_date(), ${buy}::numeric, ${sell}::numeric, ${mid}::numeric)
    on conflict (currency, business_date) do update set buy = excluded.buy, sell = excluded.sell, mid = excluded.mid`);
}

/** Every ledger invariant still holds (empty when it does). */
export const ledgerViolations = (app: App) => queryRows(app.db, sql`select problem from ledger_violations()`);
