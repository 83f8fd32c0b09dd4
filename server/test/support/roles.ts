import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';

/**
 * Gives a member of staff exactly these seeded roles (by key) and a home branch, as an approved
 * four-eyes request would; tests of other rules use it to set the scene.
 */
export async function setRoles(app: App, userId: string, keys: string[], homeBranch: string | null = null) {
  await app.db.execute(sql`delete from staff_roles where user_id = ${userId}`);
  for (const key of keys)
    await app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${userId}, id from roles where key = ${key}`,
    );
  await app.db.execute(sql`update staff set home_branch = ${homeBranch} where user_id = ${userId}`);
}

const LARGE = '9999999999999999.99';

/**
 * Adds to a member of staff a test-only role with the largest limits every kind allows, for tests
 * of other rules whose postings and approvals must not stop at a limit (superusers have none of their
 * own: without a role every amount they post waits for approval, and they may approve none).
 */
export function giveLargeLimits(app: App, userId: string) {
  return giveLargeLimitsIn(app.db, userId);
}

/** The same on a database handle, for tests whose servers run in other processes (reliability). */
export async function giveLargeLimitsIn(db: Database, userId: string) {
  await db.execute(
    sql`insert into roles (key, name, description) values ('test_large_limits', 'Test: large limits', 'Tests only')
        on conflict (key) do nothing`,
  );
  for (const currency of ['SLE', 'USD'])
    await db.execute(
      sql`insert into role_limits (role_id, currency, max_cash_withdrawal, max_transfer, max_manual_journal, max_approval,
            daily_cash_withdrawal, daily_transfer, daily_manual_journal,
            account_daily_cash_withdrawal, account_daily_transfer, account_daily_manual_journal)
          select id, ${currency}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}, ${LARGE}
          from roles where key = 'test_large_limits'
          on conflict do nothing`,
    );
  await db.execute(
    sql`insert into staff_roles (user_id, role_id) select ${userId}, id from roles where key = 'test_large_limits'
        on conflict do nothing`,
  );
}
