import { sql } from 'drizzle-orm';
import type { StandingOrderOptions, StandingOrderOptionsInput } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

interface OptionsRow extends Record<string, unknown> {
  retry_days: number;
  failure_fee_sle: string | null;
  failure_fee_usd: string | null;
  version: number;
  updated_by_email: string | null;
  updated_at: string | Date;
}

/** The run rules (one row, made by the migration). `lock` for a change. */
export async function readOptions(db: Database, lock = false): Promise<StandingOrderOptions> {
  const [r] = await queryRows<OptionsRow>(
    db,
    sql`select retry_days, failure_fee_sle::text as failure_fee_sle, failure_fee_usd::text as failure_fee_usd,
               version, updated_by_email, updated_at
        from standing_order_options where id ${lock ? sql`for update` : sql``}`,
  );
  return {
    retry_days: Number(r!.retry_days),
    failure_fee_sle: r!.failure_fee_sle,
    failure_fee_usd: r!.failure_fee_usd,
    version: Number(r!.version),
    updated_by: r!.updated_by_email,
    updated_at: new Date(r!.updated_at).toISOString(),
  };
}

export async function writeOptions(tx: Database, o: StandingOrderOptionsInput, by: string): Promise<void> {
  await tx.execute(sql`update standing_order_options set retry_days = ${o.retry_days},
      failure_fee_sle = ${o.failure_fee_sle}::numeric, failure_fee_usd = ${o.failure_fee_usd}::numeric,
      version = version + 1, updated_by_email = ${by}, updated_at = now() where id`);
}
