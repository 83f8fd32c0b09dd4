import { sql } from 'drizzle-orm';
import { padCustomerId, type RegisteredUser } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { getRegisteredUser } from './repository.ts';

export interface SaveSubscriptionInput {
  custId: number;
  /** Already validated and normalized by the contracts' phone rules. */
  mobileNo: string;
  payAcct: string;
  mbSub: boolean;
  /** The version the user loaded; 0 for a customer with no subscription yet. */
  version: number;
}

export interface Actor {
  id: string;
  email: string | null;
  ip: string | null;
}

export const STALE_MESSAGE =
  'This subscription was changed by someone else after you opened it. Reload it and try again.';

/**
 * Creates or updates a customer's mobile banking subscription and its audit row in one transaction.
 * Optimistic concurrency: the caller names the version it read; a mismatch is a 409 and changes nothing.
 */
export async function saveSubscription(
  db: Database,
  input: SaveSubscriptionInput,
  actor: Actor,
): Promise<RegisteredUser> {
  return db.transaction(async (tx) => {
    const [customer] = await queryRows<{ cust_id: number }>(
      tx,
      sql`select cust_id from customers where cust_id = ${input.custId} for update`,
    );
    if (!customer) throw notFound(`Customer ${padCustomerId(input.custId)} was not found.`);

    const [account] = await queryRows<{ id: string | number; status: string }>(
      tx,
      sql`select id, status from accounts where account_number = ${input.payAcct} and cust_id = ${input.custId}`,
    );
    if (!account) throw badRequest(`Account ${input.payAcct} is not an account of this customer.`);
    if (account.status !== 'Active') {
      throw badRequest(
        `Account ${input.payAcct} is ${account.status.toLowerCase()}; choose an active account.`,
      );
    }

    const before = await getRegisteredUser(tx, input.custId);
    const currentVersion = before?.version ?? 0;
    if (currentVersion !== input.version) throw conflict(STALE_MESSAGE, { currentVersion });

    if (before) {
      await tx.execute(sql`
        update mobile_banking_subscriptions
        set mobile_no = ${input.mobileNo}, pay_account_id = ${account.id}, subscribed = ${input.mbSub},
            updated_at = now(), updated_by = ${actor.id}, version = version + 1
        where cust_id = ${input.custId} and version = ${input.version}`);
    } else {
      await tx.execute(sql`
        insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_at, updated_by, version)
        values (${input.custId}, ${input.mobileNo}, ${account.id}, ${input.mbSub}, now(), ${actor.id}, 1)`);
    }
    const after = await getRegisteredUser(tx, input.custId);
    if (!after) throw new Error('subscription vanished inside its own transaction');

    await writeAudit(tx, {
      action: 'mobile_banking.subscription_saved',
      outcome: 'success',
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      targetType: 'customer',
      targetId: padCustomerId(input.custId),
      details: { before, after },
    });
    return after;
  });
}
