import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { auditCustomer } from './audit.ts';
import type { ApprovalActor } from '../approvals/index.ts';

/**
 * Makes a document the current one of its kind (the partial unique index allows one): the previous
 * current one steps down first, in the same transaction, with the audit row.
 */
export async function makeCurrent(
  tx: Database,
  custId: number,
  docId: string,
  actor: ApprovalActor,
  action: string,
) {
  const [doc] = await queryRows<{ kind: string }>(
    tx,
    sql`select kind from customer_documents where id = ${docId} and cust_id = ${custId} for update`,
  );
  if (!doc) throw notFound('No such document for this customer');
  await tx.execute(sql`update customer_documents set current = false
    where cust_id = ${custId} and kind = ${doc.kind} and current and id <> ${docId}`);
  await tx.execute(sql`update customer_documents set current = true where id = ${docId}`);
  await auditCustomer(tx, actor, action, custId, { documentId: docId, kind: doc.kind });
}
