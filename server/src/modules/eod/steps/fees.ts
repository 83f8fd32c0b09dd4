import { sql } from 'drizzle-orm';
import { CURRENCIES } from '@bankmanager/contracts';
import { queryRows } from '../../../db/rows.ts';
import type { Database } from '../../../db/client.ts';
import { createStage, markRefusals, postStaged } from '../bulk-entry.ts';
import { feeTermsOn } from '../rates.ts';
import { chunkedInLanes, inLane, type Lane } from '../lanes.ts';
import type { ChunkResult, StepContext } from '../step-context.ts';

type Fee = 'below_minimum' | 'monthly';

const FEE_TEXT: Record<Fee, string> = {
  below_minimum: 'Below-minimum balance fee',
  monthly: 'Monthly maintenance fee',
};

/**
 * At a month end, per chunk of Active accounts: the below-minimum fee where the month's closing
 * balance is under the product's minimum operating balance (judged before any fee), then the monthly
 * maintenance fee; each Dr the account, Cr the product's fee income, one entry per currency. An
 * account without the room for a fee is recorded and not charged (no fee makes a debt).
 */
export async function chargeFees(ctx: StepContext): Promise<void> {
  await chunkedInLanes(ctx, (tx, cursor, lane) => chargeFeesChunk(tx, ctx, cursor, lane));
}

/** One chunk of the fees: the next `ctx.chunkRows` Active accounts of `lane` after `cursor` whose product charges a fee. */
export async function chargeFeesChunk(
  tx: Database,
  ctx: StepContext,
  cursor: number,
  lane: Lane,
): Promise<ChunkResult> {
  const D = ctx.run.businessDate;
  const mine = inLane(sql`a.id`, lane);
  const [range] = await queryRows<{ first: string | null; last: string | null; n: number }>(
    tx,
    sql`select min(id)::text as first, max(id)::text as last, count(*)::int as n from (
          select a.id from accounts a join ${feeTermsOn(D)} f on f.product_code = a.product_code
           where a.id > ${cursor} and ${mine} and a.status = 'Active' and (f.monthly_fee > 0 or f.below_minimum_fee > 0)
           order by a.id limit ${ctx.chunkRows}) c`,
  );
  if (!range?.last) return { lastId: null, done: 0, failed: 0 };
  const last = Number(range.last);
  let failed = 0;
  for (const fee of ['below_minimum', 'monthly'] as const) {
    await createStage(tx);
    const amount = fee === 'monthly' ? sql`f.monthly_fee` : sql`f.below_minimum_fee`;
    const due =
      fee === 'monthly'
        ? sql`f.monthly_fee > 0`
        : sql`f.below_minimum_fee > 0 and a.balance < f.min_operating_balance`;
    await tx.execute(sql`
      insert into eod_stage (account_id, currency, side, amount, product_code, branch_code, gl_a, kind)
      select a.id, a.currency, 'debit', ${amount}, a.product_code, a.branch_code, f.fee_income_gl, ${fee}
        from accounts a join ${feeTermsOn(D)} f on f.product_code = a.product_code
       where a.id > ${cursor} and a.id <= ${last} and ${mine} and a.status = 'Active' and ${due}
         and (select true from eod_fee_charges c
               where c.business_date = ${D}::date and c.fee = ${fee} and c.account_id = a.id) is null`);
    // Judged on the month's closing balance, before this run charges anything.
    if (fee === 'below_minimum')
      await tx.execute(sql`delete from eod_stage s
                           where (select true from eod_fee_charges c where c.business_date = ${D}::date
                                    and c.fee = 'monthly' and c.account_id = s.account_id)`);
    await markRefusals(tx);
    for (const currency of CURRENCIES) {
      const r = await postStaged(tx, ctx, {
        currency,
        narration: `${FEE_TEXT[fee]}s for the month ending ${D}`,
        // The chunk's first account: lanes start from the same cursor, never from the same account.
        reference: `EOD-${D}-fees-${fee}-${currency}-${range.first}`,
        description: FEE_TEXT[fee],
        gl: sql`select gl_a, 'credit', amount from eod_stage where currency = ${currency} and problem is null`,
        audit: { action: 'eod.fees', details: { fee } },
      });
      failed += r.failed;
      if (r.entryId !== null)
        await tx.execute(sql`
          insert into eod_fee_charges (business_date, fee, account_id, amount, entry_id)
          select ${D}::date, ${fee}, account_id, amount, ${r.entryId} from eod_stage
           where currency = ${currency} and problem is null`);
    }
    await tx.execute(sql`drop table eod_stage`);
  }
  return { lastId: last, done: range.n, failed };
}

export async function feesTotal(db: Database, date: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from accounts a join ${feeTermsOn(date)} f on f.product_code = a.product_code
         where a.status = 'Active' and (f.monthly_fee > 0 or f.below_minimum_fee > 0)`,
  );
  return r!.n;
}
