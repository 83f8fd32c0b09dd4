import { screenCustomer } from '../sanctions/index.ts';
import { sql } from 'drizzle-orm';
import { KYC_FIELDS, customerCreateSchema, type CustomerCreate } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { auditCustomer } from './audit.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { addressLine, checkRelated, recordColumns, relationsOf } from './create-customer.ts';
import type { CustomerRow } from './customer-row.ts';
import { refuseDuplicateId, warnPossibleDuplicates } from './duplicates.ts';
import { rerateCustomer } from './risk-store.ts';
import { fieldError, parseOr400 } from './validation.ts';

const KYC = new Set<string>(KYC_FIELDS);
/** Fields that are not part of the record: the kind and the branch change through their own routes. */
const FIXED = new Set(['type', 'branch']);

/** The changed keys, split into KYC fields (four-eyes) and the rest (applied at once). */
export function splitChanges(c: CustomerRow, changes: Record<string, unknown>) {
  for (const k of Object.keys(changes))
    if (FIXED.has(k)) throw fieldError(`/changes/${k}`, 'This field cannot be edited here');
  const changed = Object.keys(changes).filter(
    (k) => JSON.stringify(changes[k]) !== JSON.stringify(c.profile[k]),
  );
  return { kyc: changed.filter((k) => KYC.has(k)), other: changed.filter((k) => !KYC.has(k)) };
}

/** The record after `changes` on `keys`, validated as a whole by the kind's create schema (400 per field). */
export function mergedRecord(
  c: CustomerRow,
  changes: Record<string, unknown>,
  keys: string[],
  today: string,
): CustomerCreate {
  const next: Record<string, unknown> = { ...c.profile, type: c.type, branch: c.branch };
  for (const k of keys) next[k] = changes[k];
  try {
    const record = parseOr400(customerCreateSchema(today), next) as Record<string, unknown>;
    // The schema drops keys it does not know; an edit naming one is a mistake worth saying so.
    const unknown = keys.find((k) => !(k in record) && changes[k] !== undefined);
    if (unknown) throw fieldError(`/${unknown}`, 'This field is not part of the customer record');
    return record as CustomerCreate;
  } catch (err) {
    // Point at the field inside `changes`, where the editor sent it.
    const e = err as { details?: { path: string; message: string }[] };
    if (e.details) e.details = e.details.map((d) => ({ ...d, path: `/changes${d.path}` }));
    throw err;
  }
}

/** Duplicate rules on an edit, as on creation, ignoring the customer itself. */
export async function checkEditDuplicates(
  db: Database,
  c: CustomerRow,
  r: CustomerCreate,
  confirmed: boolean,
) {
  const cols = recordColumns(r);
  await checkRelated(db, relationsOf(r));
  if (cols.idType && cols.idNumber && cols.idNumber !== c.idNumber)
    await refuseDuplicateId(db, cols.idType, cols.idNumber, c.custId);
  const moved = cols.name !== c.name || cols.dateOfBirth !== c.dateOfBirth || r.mobile !== c.mobile;
  if (moved && !confirmed)
    await warnPossibleDuplicates(
      db,
      { name: cols.name, dateOfBirth: cols.dateOfBirth ?? undefined, mobile: r.mobile },
      c.custId,
    );
}

/** Writes the record, its columns, relations and re-rated risk, with its audit row (caller's transaction). */
export async function applyRecord(
  tx: Database,
  c: CustomerRow,
  r: CustomerCreate,
  keys: string[],
  actor: ApprovalActor,
  approval?: { approvalId: string; checker: ApprovalActor },
): Promise<void> {
  const cols = recordColumns(r);
  await tx.execute(
    sql`update customers set profile = ${JSON.stringify(r)}::jsonb, name = ${cols.name}, mobile_no = ${r.mobile},
          id_type = ${cols.idType}, id_number = ${cols.idNumber}, date_of_birth = ${cols.dateOfBirth}::date,
          id_expires_on = ${cols.idExpiresOn}::date, pep = ${cols.pep}, mandate = ${cols.mandate},
          address = ${addressLine(r.address)}, district = ${r.address.district}, version = version + 1, updated_at = now()
        where cust_id = ${c.custId}`,
  );
  await tx.execute(sql`delete from customer_relations where cust_id = ${c.custId}`);
  for (const rel of relationsOf(r))
    await tx.execute(
      sql`insert into customer_relations (cust_id, related_id, role) values (${c.custId}, ${rel.id}, ${rel.role}) on conflict do nothing`,
    );
  const risk = await rerateCustomer(tx, c.custId);
  // A changed name or date of birth may now match a designation: screened in the same transaction, so
  // a hit blocks activation from the moment the edit is in force.
  if (cols.name !== c.name || cols.dateOfBirth !== c.dateOfBirth)
    await screenCustomer(tx, c.custId, 'kyc_edit');
  const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k] ?? null]));
  await auditCustomer(tx, actor, approval ? 'customer.kyc_edit' : 'customer.update', c.custId, {
    before: pick(c.profile),
    after: pick(r),
    risk: risk.rating,
    ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.checker.email } : {}),
  });
}

/** Enhanced due diligence notes and review date (columns beside the record), audited. */
export async function applyEdd(
  tx: Database,
  custId: number,
  edd: { eddNotes?: string | undefined; reviewOn?: string | undefined },
  actor: ApprovalActor,
): Promise<void> {
  await tx.execute(
    sql`update customers set edd_notes = coalesce(${edd.eddNotes ?? null}, edd_notes),
          review_on = coalesce(${edd.reviewOn ?? null}::date, review_on), version = version + 1, updated_at = now()
        where cust_id = ${custId}`,
  );
  await auditCustomer(tx, actor, 'customer.edd', custId, edd);
}
