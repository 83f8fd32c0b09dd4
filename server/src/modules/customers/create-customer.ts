import { screenCustomer } from '../sanctions/index.ts';
import { sql } from 'drizzle-orm';
import type { CustomerCreate } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { auditCustomer } from './audit.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { refuseDuplicateId, warnPossibleDuplicates } from './duplicates.ts';
import { rateProfile } from './risk-store.ts';
import { fieldError } from './validation.ts';

type Address = { line1: string; line2?: string | undefined; town: string; district: string };

/** The one-line address the dashboard's KYC rule and the old screens read. */
export const addressLine = (a: Address) => [a.line1, a.line2, a.town, a.district].filter(Boolean).join(', ');

/** The columns a record fills besides its jsonb profile. */
export function recordColumns(c: CustomerCreate) {
  if (c.type === 'private' || c.type === 'employee')
    return {
      name: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
      idType: c.idType as string,
      idNumber: c.idNumber as string | null,
      dateOfBirth: c.dateOfBirth as string | null,
      idExpiresOn: c.idExpiresOn as string | null,
      pep: c.pep,
      mandate: null as string | null,
    };
  if (c.type === 'joint')
    return {
      name: c.jointName,
      idType: null,
      idNumber: null,
      dateOfBirth: null,
      idExpiresOn: null,
      pep: false,
      mandate: c.mandate,
    };
  return {
    name: c.registeredName,
    idType: 'business_registration',
    idNumber: c.registrationNumber,
    dateOfBirth: null,
    idExpiresOn: null,
    pep: false,
    mandate: c.mandate,
  };
}

/** The related customers a record names, with their role and the field a 400 points at. */
export function relationsOf(c: CustomerCreate): { id: number; role: string; path: string }[] {
  if (c.type === 'private' || c.type === 'employee')
    return c.guardianId ? [{ id: c.guardianId, role: 'guardian', path: '/guardianId' }] : [];
  if (c.type === 'joint')
    return c.holders.map((id, i) => ({ id, role: 'joint_holder', path: `/holders/${i}` }));
  return c.signatories.map((s, i) => ({
    id: s.customerId,
    role: s.role,
    path: `/signatories/${i}/customerId`,
  }));
}

/** 400 unless every related customer exists and is an individual (private or employee) customer. */
export async function checkRelated(db: Database, rel: { id: number; path: string }[]): Promise<void> {
  if (rel.length === 0) return;
  const ids = rel.map((r) => r.id);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select cust_id as id from customers where cust_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})
        and type in ('private', 'employee') and merged_into is null and status <> 'Closed'`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const bad = rel.find((r) => !found.has(r.id));
  if (bad) throw fieldError(bad.path, 'Name an existing private customer');
}

/**
 * Creates a Pending customer with its relations, computed risk and audit row, in one transaction.
 * Identity duplicates are refused; name/birth-date or mobile matches warn unless `confirmed`.
 */
export async function createCustomer(
  db: Database,
  c: CustomerCreate,
  confirmed: boolean,
  actor: ApprovalActor,
): Promise<{ id: number; version: number; status: 'Pending' }> {
  const cols = recordColumns(c);
  const related = relationsOf(c);
  await checkRelated(db, related);
  if (cols.idType && cols.idNumber) await refuseDuplicateId(db, cols.idType, cols.idNumber);
  if (!confirmed)
    await warnPossibleDuplicates(db, {
      name: cols.name,
      dateOfBirth: cols.dateOfBirth ?? undefined,
      mobile: c.mobile,
    });
  const risk = rateProfile(c, cols.pep);
  return insertCustomer(db, c, cols, related, risk, confirmed, actor).catch(async (err: unknown) => {
    // Two clerks racing on one ID: the unique index decides, and the loser gets the same 409.
    if (violatedConstraint(err) === 'customers_id_unique')
      await refuseDuplicateId(db, cols.idType!, cols.idNumber!);
    throw err;
  });
}

async function insertCustomer(
  db: Database,
  c: CustomerCreate,
  cols: ReturnType<typeof recordColumns>,
  related: ReturnType<typeof relationsOf>,
  risk: ReturnType<typeof rateProfile>,
  confirmed: boolean,
  actor: ApprovalActor,
) {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into customers (name, type, mobile_no, status, branch_code, id_type, id_number, date_of_birth,
            address, district, id_expires_on, pep, mandate, profile, risk_rating, risk_reasons)
          values (${cols.name}, ${c.type}, ${c.mobile}, 'Pending', ${c.branch}, ${cols.idType}, ${cols.idNumber},
            ${cols.dateOfBirth}::date, ${addressLine(c.address)}, ${c.address.district}, ${cols.idExpiresOn}::date,
            ${cols.pep}, ${cols.mandate}, ${JSON.stringify(c)}::jsonb, ${risk.rating}, ${JSON.stringify(risk.reasons)}::jsonb)
          returning cust_id as id`,
    );
    const id = Number(row!.id);
    for (const r of related)
      await tx.execute(
        sql`insert into customer_relations (cust_id, related_id, role) values (${id}, ${r.id}, ${r.role}) on conflict do nothing`,
      );
    // Screened before anyone can ask to activate: a potential match blocks activation until cleared.
    await screenCustomer(tx, id, 'creation');
    await auditCustomer(tx, actor, 'customer.create', id, {
      type: c.type,
      branch: c.branch,
      risk: risk.rating,
      confirmedDuplicates: confirmed,
    });
    return { id, version: 1, status: 'Pending' as const };
  });
}
