import { sql } from 'drizzle-orm';
import { DEFAULT_PROVISION_RATES, LOAN_CLASSES, type LoanClass } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ProvisionRates = Record<LoanClass, string>;

/**
 * The provision rate per class (percent of the unsecured principal): the bank's own rates, kept
 * four-eyes by provisioning in `loan_provision_rates` (ADR 0065); a class it has no row for takes the
 * contracts' BSL default.
 */
export async function provisionRates(db: Database): Promise<ProvisionRates> {
  const rows = await queryRows<{ k: string; r: string }>(
    db,
    sql`select loan_class as k, trim_scale(rate_percent)::text as r from loan_provision_rates`,
  );
  const out: ProvisionRates = { ...DEFAULT_PROVISION_RATES };
  for (const r of rows) if ((LOAN_CLASSES as readonly string[]).includes(r.k)) out[r.k as LoanClass] = r.r;
  return out;
}
