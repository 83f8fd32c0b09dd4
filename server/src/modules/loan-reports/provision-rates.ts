import { sql } from 'drizzle-orm';
import { DEFAULT_PROVISION_RATES, LOAN_CLASSES, type LoanClass } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ProvisionRates = Record<LoanClass, string>;

/**
 * The provision rate per class (percent of the unsecured principal). The provisioning run keeps the
 * bank's own rates in `loan_provision_rates` (a class code and a rate column); until that table exists
 * the contracts' BSL defaults apply. Read through the catalogue so this compiles and runs either way.
 */
export async function provisionRates(db: Database): Promise<ProvisionRates> {
  const cols = await queryRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = 'loan_provision_rates'`,
  );
  const names = new Set(cols.map((c) => c.column_name));
  const cls = ['loan_class', 'class_code', 'code'].find((n) => names.has(n));
  const rate = ['rate_percent', 'rate', 'provision_rate'].find((n) => names.has(n));
  if (!cls || !rate) return { ...DEFAULT_PROVISION_RATES };
  const rows = await queryRows<{ k: string; r: string }>(
    db,
    sql`select ${sql.identifier(cls)} as k, ${sql.identifier(rate)}::text as r from loan_provision_rates`,
  );
  const out: ProvisionRates = { ...DEFAULT_PROVISION_RATES };
  for (const r of rows) if ((LOAN_CLASSES as readonly string[]).includes(r.k)) out[r.k as LoanClass] = r.r;
  return out;
}
