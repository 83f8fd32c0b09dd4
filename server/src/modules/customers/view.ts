import { sql } from 'drizzle-orm';
import type { Customer360 } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { effectiveRisk, type CustomerRow } from './customer-row.ts';
import { kycMissing } from './kyc.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The customer's documents, newest first (the 360 page and the documents tab). */
export async function listDocuments(db: Database, custId: number): Promise<Customer360['documents']> {
  return queryRows(
    db,
    sql`select id::text, kind, object_path as "objectPath", content_type as "contentType", current,
          uploaded_by as "uploadedBy", ${iso('uploaded_at')} as "uploadedAt"
        from customer_documents where cust_id = ${custId} order by uploaded_at desc, id`,
  );
}

/**
 * The customer 360 view (docs/customers.md): a handful of indexed lookups by cust_id, so it stays a few
 * milliseconds at 1,000,000 customers (bench/customers.ts measures it).
 */
export async function customer360(db: Database, c: CustomerRow, today: string): Promise<Customer360> {
  const [related, accounts, documents, pending, missing] = await Promise.all([
    queryRows<{ id: number; name: string; role: string }>(
      db,
      sql`select r.related_id as id, c.name, r.role from customer_relations r join customers c on c.cust_id = r.related_id
          where r.cust_id = ${c.custId}
          union all
          select r.cust_id, c.name, 'member_of:' || r.role from customer_relations r join customers c on c.cust_id = r.cust_id
          where r.related_id = ${c.custId} order by 3, 1`,
    ),
    queryRows<Customer360['accounts'][number]>(
      db,
      sql`select a.account_number as "accountNumber", a.account_type as type, p.name as product, a.currency,
                 a.status, a.balance::text as balance
            from accounts a left join products p on p.code = a.product_code
           where a.cust_id = ${c.custId} order by a.opened_on, a.id`,
    ),
    listDocuments(db, c.custId),
    queryRows<{ id: string; type: string; makerEmail: string }>(
      db,
      sql`select id::text, type, maker_email as "makerEmail" from approval_requests
          where subject_type = 'customer' and subject_id = ${String(c.custId)} and status = 'pending'
          order by created_at`,
    ),
    kycMissing(db, c, today),
  ]);
  return {
    id: c.custId,
    version: c.version,
    name: c.name,
    type: c.type,
    status: c.status,
    branch: c.branch,
    risk: { rating: effectiveRisk(c), reasons: riskReasons(c), overridden: c.riskOverride !== null },
    kyc: { complete: missing.length === 0, missing },
    details: c.profile,
    related: related.map((r) => ({ ...r, id: Number(r.id) })),
    mandate: c.mandate,
    accounts,
    documents,
    preferredChannel: c.preferredChannel as Customer360['preferredChannel'],
    pendingApprovals: pending,
    mergedInto: c.mergedInto === null ? null : Number(c.mergedInto),
  };
}

/** The computed reasons, and the override's own line when Compliance set the rating by hand. */
function riskReasons(c: CustomerRow): string[] {
  const reasons = Array.isArray(c.riskReasons) ? [...c.riskReasons] : [];
  if (c.riskOverride) reasons.unshift(`Set to ${c.riskOverride} by Compliance (computed: ${c.riskRating})`);
  return reasons;
}
