import { sql } from 'drizzle-orm';
import type { CustomerStatus, CustomerType, RiskRating } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { CUSTOMER_TEXT } from '@bankmanager/contracts';

/** One customer as the module works with it (columns of `customers`, camel-cased). */
export interface CustomerRow {
  custId: number;
  name: string;
  type: CustomerType;
  status: CustomerStatus;
  branch: string;
  mobile: string;
  idType: string | null;
  idNumber: string | null;
  dateOfBirth: string | null;
  address: string | null;
  idExpiresOn: string | null;
  kycVerified: boolean;
  kycComplete: boolean;
  pep: boolean;
  profile: Record<string, unknown>;
  version: number;
  riskRating: RiskRating;
  riskReasons: string[];
  riskOverride: RiskRating | null;
  eddNotes: string | null;
  reviewOn: string | null;
  mandate: string | null;
  preferredChannel: string | null;
  mergedInto: number | null;
}

const SELECT = sql`select cust_id as "custId", name, type, status, branch_code as branch, mobile_no as mobile,
  id_type as "idType", id_number as "idNumber", date_of_birth::text as "dateOfBirth", address,
  id_expires_on::text as "idExpiresOn", kyc_verified_at is not null as "kycVerified",
  kyc_complete as "kycComplete", pep, profile, version, risk_rating as "riskRating",
  risk_reasons as "riskReasons", risk_override as "riskOverride", edd_notes as "eddNotes",
  review_on::text as "reviewOn", mandate, preferred_channel as "preferredChannel", merged_into as "mergedInto"
  from customers`;

/** The customer, or undefined; `lock` takes the row lock a state change needs. */
export async function findCustomer(
  db: Database,
  custId: number,
  lock = false,
): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${SELECT} where cust_id = ${custId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return undefined;
  return { ...row, custId: Number(row.custId), version: Number(row.version) } as unknown as CustomerRow;
}

/** The customer or 404 with the contracts' message. */
export async function getCustomer(db: Database, custId: number, lock = false): Promise<CustomerRow> {
  const c = await findCustomer(db, custId, lock);
  if (!c) throw notFound(CUSTOMER_TEXT.notFound);
  return c;
}

/** The rating in force: a Compliance Officer's override wins over the computed one. */
export const effectiveRisk = (c: Pick<CustomerRow, 'riskRating' | 'riskOverride'>): RiskRating =>
  c.riskOverride ?? c.riskRating;

export const isOrganisation = (type: CustomerType) =>
  type === 'corporate' || type === 'government' || type === 'organisation';
export const isIndividual = (type: CustomerType) => type === 'private' || type === 'employee';
