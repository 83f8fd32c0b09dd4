import { sql } from 'drizzle-orm';
import { CUSTOMER_ACTIONS, CUSTOMER_TEXT, SANCTIONS_TEXT, type CustomerAction } from '@bankmanager/contracts';
import { hasBlockingHit } from '../sanctions/index.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { auditCustomer } from './audit.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import type { CustomerRow } from './customer-row.ts';
import { activationGaps, businessDate, kycMissing } from './kyc.ts';

/**
 * 409 unless `action` may run on the customer now: its `from` holds (the contracts' table), a close
 * finds no open account, an activation finds complete KYC. Checked when the maker asks and again
 * when the checker approves, since the file may have changed in between.
 */
export async function assertActionAllowed(
  db: Database,
  c: CustomerRow,
  action: CustomerAction,
): Promise<void> {
  const rule = CUSTOMER_ACTIONS[action];
  if (!(rule.from as readonly string[]).includes(c.status) || c.mergedInto !== null)
    throw conflict(CUSTOMER_TEXT.transition(action, c.status), { code: 'transition' });
  if (action === 'close') {
    const [open] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from accounts where cust_id = ${c.custId} and status <> 'Closed'`,
    );
    if (Number(open!.n) > 0) throw conflict(CUSTOMER_TEXT.openAccounts, { code: 'open_accounts' });
  }
  if (action === 'activate') {
    const gaps = activationGaps(await kycMissing(db, c, await businessDate(db)));
    if (gaps.length > 0)
      throw conflict(`KYC is incomplete: ${gaps.join(', ')}`, { code: 'kyc_incomplete', missing: gaps });
    // The refusal names no list or entry: the officer asking may not see sanctions hits (tipping off).
    if (await hasBlockingHit(db, c.custId))
      throw conflict(SANCTIONS_TEXT.activationBlocked, { code: 'compliance_check' });
  }
}

/** Moves the customer to the action's status with its audit row, in the caller's transaction. */
export async function applyAction(
  tx: Database,
  c: CustomerRow,
  action: CustomerAction,
  reason: string,
  actor: ApprovalActor,
  approval?: { approvalId: string; checker: ApprovalActor },
): Promise<void> {
  const to = CUSTOMER_ACTIONS[action].to;
  // Activation is the checker's verification of the KYC file: it fills kyc_verified_at, which the
  // generated kyc_complete column (and the dashboard's compliance figures) read.
  await tx.execute(
    sql`update customers set status = ${to}, version = version + 1, updated_at = now()
        ${action === 'activate' ? sql`, kyc_verified_at = coalesce(kyc_verified_at, now())` : sql``}
        where cust_id = ${c.custId}`,
  );
  await auditCustomer(tx, actor, 'customer.status', c.custId, {
    action,
    from: c.status,
    to,
    reason,
    ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.checker.email } : {}),
  });
}
