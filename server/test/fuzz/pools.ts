import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

/**
 * Values that exist in the fuzz database (seeded accounts, customers, users, audit rows), so that
 * requests find real records and go past "not found" into the handlers' deeper checks.
 */
export interface Pools {
  accountNumbers: string[];
  custIds: string[];
  /** Users the fuzz may act on (ban, delete…): never the callers themselves. */
  victimIds: string[];
  victimEmails: string[];
  auditIds: string[];
}

export async function loadPools(db: Database, callerIds: string[]): Promise<Pools> {
  const col = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ v: string }>(db, query)).map((r) => String(r.v));
  const ids = sql.join(
    callerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const custIds =
    await col(sql`(select cust_id as v from mobile_banking_subscriptions order by cust_id limit 3)
    union all (select cust_id from customers c where not exists (select 1 from mobile_banking_subscriptions m where m.cust_id = c.cust_id) limit 2)`);
  const custs = sql.join(
    custIds.map((c) => sql`${Number(c)}`),
    sql`, `,
  );
  return {
    // The customers' own accounts (so a subscription's payment account can match), and some not active.
    accountNumbers:
      await col(sql`(select account_number as v from accounts where cust_id in (${custs}) order by id limit 8)
      union all (select account_number from accounts where status <> 'Active' limit 2)`),
    custIds,
    victimIds: await col(sql`select id as v from auth_users where id not in (${ids}) order by created_at`),
    victimEmails: await col(
      sql`select email as v from auth_users where id not in (${ids}) order by created_at`,
    ),
    auditIds: await col(sql`select id as v from audit_log order by id limit 3`),
  };
}
