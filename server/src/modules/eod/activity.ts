import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A reactivated account counts its dormancy period again from the reactivation (deposit-accounts' status change). */
export async function noteReactivation(tx: Database, accountId: number): Promise<void> {
  await tx.execute(sql`
    insert into account_activity (account_id, reactivated_on) values (${accountId}, current_business_date())
    on conflict (account_id) do update set reactivated_on = excluded.reactivated_on`);
}
