import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { CUSTOMER_TEXT } from '@bankmanager/contracts';
import { auditCustomer } from './audit.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { getCustomer } from './customer-row.ts';
import { rerateCustomer } from './risk-store.ts';

type Approval = { approvalId: string; checker: ApprovalActor };

/** 409 unless both exist, differ and neither is already merged or closed. */
export async function assertMergeable(db: Database, survivorId: number, mergedId: number, lock = false) {
  if (survivorId === mergedId) throw conflict(CUSTOMER_TEXT.mergeSelf, { code: 'merge_self' });
  const survivor = await getCustomer(db, survivorId, lock);
  const merged = await getCustomer(db, mergedId, lock);
  for (const c of [survivor, merged])
    if (c.mergedInto !== null || c.status === 'Closed')
      throw conflict(`Customer ${c.custId} is closed or already merged`, { code: 'merge_closed' });
  return { survivor, merged };
}

/**
 * Moves the merged customer's accounts, documents, contacts and relations to the survivor, then
 * closes it pointing at the survivor. A mobile-banking subscription follows its pay account when the
 * survivor has none (its foreign key ties the pay account to the subscriber); otherwise it ends.
 */
export async function mergeCustomers(
  tx: Database,
  survivorId: number,
  mergedId: number,
  reason: string,
  maker: ApprovalActor,
  a: Approval,
) {
  const { survivor, merged } = await assertMergeable(tx, survivorId, mergedId, true);
  const [sub] = await queryRows<Record<string, unknown>>(
    tx,
    sql`delete from mobile_banking_subscriptions where cust_id = ${mergedId} returning mobile_no, pay_account_id, subscribed`,
  );
  const moved = await queryRows<{ n: number }>(
    tx,
    sql`with m as (update accounts set cust_id = ${survivorId} where cust_id = ${mergedId} returning 1) select count(*)::int as n from m`,
  );
  if (sub)
    await tx.execute(sql`insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_by)
      values (${survivorId}, ${sub.mobile_no as string}, ${sub.pay_account_id as number}, ${sub.subscribed as boolean}, ${maker.id})
      on conflict (cust_id) do nothing`);
  await tx.execute(
    sql`update customer_documents set cust_id = ${survivorId}, current = false where cust_id = ${mergedId}`,
  );
  await tx.execute(sql`update customer_contacts set cust_id = ${survivorId} where cust_id = ${mergedId}`);
  // Relations: where the merged one acted for others the survivor now does, and who acted for it
  // now acts for the survivor.
  await tx.execute(sql`insert into customer_relations (cust_id, related_id, role)
    select cust_id, ${survivorId}, role from customer_relations where related_id = ${mergedId} and cust_id <> ${survivorId}
    on conflict do nothing`);
  await tx.execute(sql`insert into customer_relations (cust_id, related_id, role)
    select ${survivorId}, related_id, role from customer_relations where cust_id = ${mergedId} and related_id <> ${survivorId}
    on conflict do nothing`);
  await tx.execute(
    sql`delete from customer_relations where cust_id = ${mergedId} or related_id = ${mergedId}`,
  );
  await tx.execute(sql`update customers set merged_into = ${survivorId}, status = 'Closed', version = version + 1, updated_at = now()
    where cust_id = ${mergedId}`);
  await tx.execute(
    sql`update customers set version = version + 1, updated_at = now() where cust_id = ${survivorId}`,
  );
  await rerateCustomer(tx, survivorId);
  await auditCustomer(tx, maker, 'customer.merge', mergedId, {
    survivorId,
    survivorName: survivor.name,
    mergedName: merged.name,
    accountsMoved: moved[0]!.n,
    reason,
    approvalId: a.approvalId,
    approvedBy: a.checker.email,
  });
}

/** Moves a customer to another branch (four-eyes, same request type as a merge). */
export async function moveBranch(
  tx: Database,
  custId: number,
  branch: string,
  reason: string,
  maker: ApprovalActor,
  a: Approval,
) {
  const c = await getCustomer(tx, custId, true);
  await tx.execute(
    sql`update customers set branch_code = ${branch}, version = version + 1, updated_at = now() where cust_id = ${custId}`,
  );
  await auditCustomer(tx, maker, 'customer.branch_move', custId, {
    from: c.branch,
    to: branch,
    reason,
    approvalId: a.approvalId,
    approvedBy: a.checker.email,
  });
}
