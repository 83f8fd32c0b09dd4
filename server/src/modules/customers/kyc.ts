import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { effectiveRisk, isIndividual, isOrganisation, type CustomerRow } from './customer-row.ts';

/** The item that only a checker's activation supplies (it sets kyc_verified_at). */
export const KYC_VERIFICATION = 'Verification by a checker';

/**
 * What a customer file still lacks before a checker may activate it (docs/customers.md). The database's
 * `kyc_complete` column stays the dashboard's rule (data present and verified); this list adds the
 * documents and due diligence the file needs, so the 360 page can name each gap.
 */
export async function kycMissing(db: Database, c: CustomerRow, today: string): Promise<string[]> {
  const missing: string[] = [];
  const docs = await queryRows<{ kind: string }>(
    db,
    sql`select kind from customer_documents where cust_id = ${c.custId} and current`,
  );
  const has = new Set(docs.map((d) => d.kind));
  if (!c.address) missing.push('Address');
  if (isIndividual(c.type)) {
    if (!c.idNumber) missing.push('ID number');
    if (!c.dateOfBirth) missing.push('Date of birth');
    if (c.idExpiresOn && c.idExpiresOn < today) missing.push('A current ID (the one on file has expired)');
    if (!has.has('photo')) missing.push('Photo');
    if (!has.has('id_scan')) missing.push('ID scan');
    if (!has.has('signature')) missing.push('Specimen signature');
  }
  if (isOrganisation(c.type)) {
    if (!c.idNumber) missing.push('Registration number');
    if (!has.has('id_scan')) missing.push('Certificate of registration (ID scan)');
  }
  if (effectiveRisk(c) === 'high' && (!c.eddNotes || !c.reviewOn))
    missing.push('Enhanced due diligence notes and a review date (high risk)');
  if (!c.kycVerified) missing.push(KYC_VERIFICATION);
  return missing;
}

/** What stands between the customer and activation (everything but the checker's own verification). */
export const activationGaps = (missing: string[]) => missing.filter((m) => m !== KYC_VERIFICATION);

export { currentBusinessDate as businessDate } from '../../db/business-date.ts';
