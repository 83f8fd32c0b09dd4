import { sql } from 'drizzle-orm';
import { compareAmounts, type Hold, type HoldCreate } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { loadAccount, refuse } from './account-row.ts';
import { auditAccount } from './audit.ts';

const HOLD_COLUMNS = sql`id::text, amount::text, reason, expires_on::text as "expiresOn", placed_by as "placedBy",
  to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "placedAt", released_by as "releasedBy",
  to_char(released_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "releasedAt"`;

/** The account's holds, newest first (released and expired ones too: the control screen shows them). */
export function listHolds(db: Database, accountId: number): Promise<Hold[]> {
  return queryRows<Hold & Record<string, unknown>>(
    db,
    sql`select ${HOLD_COLUMNS} from account_holds where account_id = ${accountId} order by placed_at desc, id desc`,
  );
}

/**
 * Places a hold with the account row locked, so a posting cannot slip between the check and the
 * insert (the posting trigger takes the same lock). The holds trigger raises accounts.held.
 */
export async function placeHold(
  db: Database,
  number: string,
  h: HoldCreate,
  actor: ApprovalActor,
  inScope: (branch: string) => void,
): Promise<Hold> {
  return db.transaction(async (tx) => {
    const a = await loadAccount(tx, number, true);
    inScope(a.branch);
    if (a.status === 'Closed' || a.status === 'Rejected') throw refuse('account_not_active');
    if (compareAmounts(h.amount, a.available) > 0)
      throw refuse('hold_exceeds_available', { available: a.available });
    const [hold] = await queryRows<Hold & Record<string, unknown>>(
      tx,
      sql`insert into account_holds (account_id, amount, reason, expires_on, placed_by)
          values (${a.id}, ${h.amount}::numeric, ${h.reason}, ${h.expiresOn ?? null}::date, ${actor.email})
          returning ${HOLD_COLUMNS}`,
    );
    await auditAccount(tx, actor, 'account.hold', number, {
      holdId: hold!.id,
      amount: hold!.amount,
      reason: h.reason,
      expiresOn: h.expiresOn ?? null,
    });
    return hold!;
  });
}

/** Releases an active hold (who and when are kept); a released or expired one is 409 hold_not_active. */
export async function releaseHold(
  db: Database,
  number: string,
  holdId: string,
  actor: ApprovalActor,
  inScope: (branch: string) => void,
): Promise<Hold> {
  return db.transaction(async (tx) => {
    const a = await loadAccount(tx, number, true);
    inScope(a.branch);
    const [h] = await queryRows<{ active: boolean }>(
      tx,
      sql`select released_at is null and (expires_on is null or expires_on >= current_business_date()) as active
          from account_holds where id = ${holdId} and account_id = ${a.id}`,
    );
    if (!h) throw notFound(`No hold ${holdId} on account ${number}.`);
    if (!h.active) throw refuse('hold_not_active');
    const [hold] = await queryRows<Hold & Record<string, unknown>>(
      tx,
      sql`update account_holds set released_at = now(), released_by = ${actor.email}
          where id = ${holdId} returning ${HOLD_COLUMNS}`,
    );
    await auditAccount(tx, actor, 'account.hold_release', number, { holdId, amount: hold!.amount });
    return hold!;
  });
}
