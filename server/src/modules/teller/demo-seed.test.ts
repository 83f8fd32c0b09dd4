import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { demoAccountStep } from '../auth/index.ts';
import { DEMO_TELLER_STAFF, DEMO_TILLS, tellerDemoStep } from './index.ts';

describe('teller demo data', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('seeds an activated Teller and Supervisor at Head Office and at Bo, and stocked vaults, once', async () => {
    const opts = { customers: 0, transactionsPerAccount: 0, seed: 1 };
    await h.db.transaction(async (tx) => {
      await demoAccountStep.run(tx, opts);
      await tellerDemoStep.run(tx, opts);
    });
    await h.db.transaction((tx) => tellerDemoStep.run(tx, opts));
    const staff = await queryRows<{ email: string; home_branch: string; approved: boolean; roles: string }>(
      h.db,
      sql`select u.email, s.home_branch, s.approved, string_agg(r.key, ',') as roles
          from auth_users u join staff s on s.user_id = u.id join staff_roles sr on sr.user_id = u.id
          join roles r on r.id = sr.role_id where u.email like '%@bankmanager.sl' and not s.is_superuser
          group by u.email, s.home_branch, s.approved order by u.email`,
    );
    expect(staff).toEqual(
      DEMO_TELLER_STAFF.map((s) => ({
        email: s.email,
        home_branch: s.branch,
        approved: true,
        roles: s.roles[0],
      })).sort((a, b) => a.email.localeCompare(b.email)),
    );
    const vault = await queryRows<{ currency: string; balance: string }>(
      h.db,
      sql`select currency, balance::numeric(18,2)::text as balance from gl_balances() where gl_code = '1010-001' order by currency`,
    );
    expect(vault).toEqual([
      { currency: 'SLE', balance: '2000000.00' },
      { currency: 'USD', balance: '50000.00' },
    ]);
    const [bo] = await queryRows<{ balance: string }>(
      h.db,
      sql`select balance::numeric(18,2)::text as balance from gl_balances() where gl_code = '1010-010' and currency = 'SLE'`,
    );
    expect(bo?.balance).toBe('500000.00');
    expect(await queryRows(h.db, sql`select problem from ledger_violations()`)).toEqual([]);
    // The register, once (the second run added nothing), counter 1 kept for each branch's teller.
    const tills = await queryRows<{ branch: string; code: string; teller: string | null }>(
      h.db,
      sql`select t.branch_code as branch, t.code, u.email as teller
          from tills t left join auth_users u on u.id = t.assigned_teller_id order by 1, 2`,
    );
    expect(tills).toEqual(
      Object.entries(DEMO_TILLS)
        .flatMap(([branch, list]) =>
          list.map((t) => ({ branch, code: t.code, teller: t.tellerEmail ?? null })),
        )
        .sort((a, b) => a.branch.localeCompare(b.branch) || a.code.localeCompare(b.code)),
    );
  });
});
