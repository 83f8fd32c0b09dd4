import { sql } from 'drizzle-orm';
import { rateRisk, type RiskResult, type SectorCode } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The risk rules' input from a stored profile (contracts' record) and the products held. */
export function rateProfile(
  profile: Record<string, unknown>,
  pep: boolean,
  accountTypes: string[] = [],
): RiskResult {
  const str = (k: string) => (typeof profile[k] === 'string' ? profile[k] : null);
  return rateRisk({
    pep,
    sectorCode: str('sectorCode') as SectorCode | null,
    occupation: str('occupation'),
    country: str('nationality') ?? str('country'),
    accountTypes,
  });
}

/**
 * Re-rates a customer after a change (profile, PEP flag, product mix) in the caller's transaction, so
 * the stored rating and its reasons never lag the data they were computed from.
 */
export async function rerateCustomer(tx: Database, custId: number): Promise<RiskResult> {
  const [row] = await queryRows<{ profile: Record<string, unknown>; pep: boolean; types: string[] | null }>(
    tx,
    sql`select c.profile, c.pep,
          (select array_agg(distinct a.account_type) from accounts a where a.cust_id = c.cust_id and a.status <> 'Closed') as types
        from customers c where c.cust_id = ${custId}`,
  );
  const result = rateProfile(row!.profile, row!.pep, row!.types ?? []);
  await tx.execute(
    sql`update customers set risk_rating = ${result.rating}, risk_reasons = ${JSON.stringify(result.reasons)}::jsonb
        where cust_id = ${custId}`,
  );
  return result;
}
