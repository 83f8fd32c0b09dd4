import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { ensureReferenceData } from './banking-fixtures.ts';
import { giveLargeLimits, setRoles } from './roles.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

/** Branch 101 (account numbers need a 3-digit branch code, ADR 0019) and 202 for scope tests. */
export const BRANCH = '101';
export const CASH_GL = `1020-${BRANCH}`;

/**
 * Test deposit products with terms: savings (closure fee 5.00), current, a fixed deposit offering 6
 * and 12 months, a retired savings product and a USD savings product.
 */
export async function depositScene(app: App) {
  await ensureReferenceData(app.db);
  await app.db.execute(sql`insert into branches (code, name, town) values (${BRANCH}, 'Test 101', 'Freetown'),
    ('202', 'Test 202', 'Bo') on conflict do nothing`);
  await app.db
    .execute(sql`insert into products (code, name, account_type, currency, ledger_code, status) values
    ('TS-SAV', 'Test savings', 'Savings', 'SLE', '2020', 'active'),
    ('TS-CUR', 'Test current', 'Current', 'SLE', '2010', 'active'),
    ('TS-FD', 'Test fixed deposit', 'Fixed Deposit', 'SLE', '2030', 'active'),
    ('TS-OLD', 'Retired savings', 'Savings', 'SLE', '2020', 'retired'),
    ('TS-USD', 'Test USD savings', 'Savings', 'USD', '2021', 'active') on conflict do nothing`);
  await app.db.execute(sql`insert into product_versions (product_code, version, effective_from, credit_rate,
      dormancy_days, posting_frequency, closure_fee, fixed_deposit)
    select code, 1, date '2015-01-01', '5.0000', 365, 'monthly', case code when 'TS-SAV' then 5 else 0 end,
      case code when 'TS-FD' then '{"tenors":[{"months":6,"rate":"8"},{"months":12,"rate":"10"}],"rollover":["none"],"earlyWithdrawalPenaltyRate":"1"}'::jsonb end
    from products where code like 'TS-%' on conflict do nothing`);
  const s = await staffUsers(app);
  const [cso, mgr, mgr2, away] = (await Promise.all(
    ['cso', 'mgr', 'mgrb', 'away'].map((p) => s.make('activated', p)),
  )) as [StaffUser, StaffUser, StaffUser, StaffUser];
  await setRoles(app, cso.userId, ['cso'], BRANCH);
  await setRoles(app, mgr.userId, ['branch_manager'], BRANCH);
  await setRoles(app, mgr2.userId, ['branch_manager'], BRANCH);
  await setRoles(app, away.userId, ['branch_manager'], '202');
  const boss = await s.make('superuser', 'boss');
  // The tests' depositor: superusers post within the limits of their roles like anyone else.
  await giveLargeLimits(app, boss.userId);
  return { cso, mgr, mgr2, away, boss, makeStaff: s.make };
}

let n = 0;
/** A customer at branch 101 (type, status and mandate as asked). */
export async function testCustomer(
  app: App,
  o: { type?: string; status?: string; mandate?: string | null; branch?: string } = {},
): Promise<number> {
  const [c] = await queryRows<{ cust_id: number }>(
    app.db,
    sql`insert into customers (name, type, mobile_no, status, branch_code, mandate)
        values (${`Holder ${++n} Kamara`}, ${o.type ?? 'private'}, ${`+2327700${String(n).padStart(4, '0')}`},
                ${o.status ?? 'Active'}, ${o.branch ?? BRANCH}, ${o.mandate ?? null})
        returning cust_id`,
  );
  return Number(c!.cust_id);
}

/** Trial balance per currency: must be empty (every currency nets to zero). */
export const unbalancedCurrencies = (app: App) =>
  queryRows(app.db, sql`select currency from gl_balances() group by currency having sum(balance) <> 0`);
