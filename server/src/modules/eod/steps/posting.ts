import { sql, type SQL } from 'drizzle-orm';
import { CURRENCIES, OVERDRAFT_INTEREST_GL, WHT_RATE } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { createStage, markRefusals, postStaged } from '../bulk-entry.ts';
import { postingProductsOn } from '../rates.ts';
import { chunkedInLanes, inLane, type Lane } from '../lanes.ts';
import { inChunk, type ChunkResult, type StepContext } from '../step-context.ts';

/**
 * Stages credit-interest postings for the accounts `where` selects (alias a = accounts, i =
 * account_interest): gross = the booked cents, WHT = 15% of gross rounded to the cent, net = gross −
 * WHT credited to the account. A totally blocked account is left for a later posting. The product's
 * GL accounts are looked up once per product when the GL lines are summed, not per staged row.
 */
export async function stageCreditInterest(
  tx: Database,
  ctx: StepContext,
  where: SQL,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into eod_stage (account_id, currency, side, amount, gross, wht, product_code, branch_code, kind)
        select a.id, a.currency, 'credit', i.credit_booked - round(i.credit_booked * ${WHT_RATE}::numeric, 2),
               i.credit_booked, round(i.credit_booked * ${WHT_RATE}::numeric, 2), a.product_code, a.branch_code, 'credit'
          from account_interest i join accounts a on a.id = i.account_id
         where i.credit_booked > 0 and a.status in ('Active', 'Dormant', 'Blocked')
           and not (a.status = 'Blocked' and a.block_kind = 'total')
           -- not posted yet: a per-row key probe, never an anti-join (ADR 0026, addendum)
           and (select true from interest_postings ip
                 where ip.business_date = ${ctx.run.businessDate}::date and ip.kind = 'credit' and ip.account_id = a.id) is null
           and ${where}
         order by i.account_id limit ${limit}
        returning account_id::text as id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Posts what is staged (one entry per currency) and settles each posted account's accrual. */
export async function postStagedInterest(tx: Database, ctx: StepContext, reason: string, firstId: number) {
  await markRefusals(tx);
  let posted = 0;
  let failed = 0;
  for (const currency of CURRENCIES) {
    const r = await postStaged(tx, ctx, {
      currency,
      narration: `Interest ${reason === 'maturity' ? 'at maturity' : 'posted'} for ${ctx.run.businessDate}, less 15% withholding tax`,
      reference: `EOD-${ctx.run.businessDate}-${ctx.step}-${currency}-${firstId}`,
      description: 'Interest credited (net of 15% WHT)',
      gl: sql`with credited as (
                select product_code, sum(gross) as gross, sum(wht) as wht from eod_stage
                 where currency = ${currency} and problem is null and kind = 'credit' group by product_code)
              select p.interest_payable_gl, 'debit', c.gross from credited c join products p on p.code = c.product_code
              union all select p.wht_payable_gl, 'credit', c.wht from credited c join products p on p.code = c.product_code
              union all select gl_a, 'credit', gross from eod_stage where currency = ${currency} and problem is null and kind = 'debit'`,
      audit: { action: 'eod.interest_posting', details: { reason } },
    });
    posted += r.posted;
    failed += r.failed;
    if (r.entryId === null) continue;
    await tx.execute(sql`
      update account_interest i
         set credit_accrued = i.credit_accrued - case s.kind when 'credit' then s.gross else 0 end,
             credit_booked = i.credit_booked - case s.kind when 'credit' then s.gross else 0 end,
             debit_accrued = i.debit_accrued - case s.kind when 'debit' then s.gross else 0 end,
             debit_booked = i.debit_booked - case s.kind when 'debit' then s.gross else 0 end
        from eod_stage s where s.account_id = i.account_id and s.currency = ${currency} and s.problem is null`);
    await tx.execute(sql`
      insert into interest_postings (business_date, kind, account_id, product_code, branch_code, currency, gross, wht, net, entry_id, reason)
      select ${ctx.run.businessDate}::date, s.kind, s.account_id, s.product_code, s.branch_code, s.currency, s.gross, s.wht,
             s.amount, ${r.entryId}, ${reason}
        from eod_stage s where s.currency = ${currency} and s.problem is null`);
  }
  return { posted, failed };
}

/**
 * Month or quarter end: first the overdraft interest owed (Dr the account, Cr interest receivable;
 * an account without the room is recorded and its interest waits), then credit interest of every
 * product that posts today, chunk by chunk.
 */
export async function postInterest(ctx: StepContext): Promise<void> {
  const { businessDate: D, monthEnd, quarterEnd } = ctx.run;
  const products = postingProductsOn(D, monthEnd, quarterEnd);
  await inChunk(ctx, async (tx) => {
    await createStage(tx);
    const ids = await queryRows<{ id: string }>(
      tx,
      sql`insert into eod_stage (account_id, currency, side, amount, gross, wht, product_code, branch_code, gl_a, kind)
          select a.id, a.currency, 'debit', i.debit_booked, i.debit_booked, 0, a.product_code, a.branch_code,
                 ${OVERDRAFT_INTEREST_GL.receivable}, 'debit'
            from account_interest i join accounts a on a.id = i.account_id
           where i.debit_booked > 0 and a.product_code in ${products}
             and (select true from interest_postings ip
                   where ip.business_date = ${D}::date and ip.kind = 'debit' and ip.account_id = a.id) is null
          returning account_id::text as id`,
    );
    if (ids.length > 0) {
      const r = await postStagedInterest(tx, ctx, quarterEnd ? 'quarter_end' : 'month_end', 0);
      await tx.execute(sql`update eod_run_steps set rows_done = rows_done + ${r.posted}, rows_failed = rows_failed + ${r.failed}
                           where run_id = ${ctx.run.id} and step = ${ctx.step}`);
    }
  });
  await chunkedInLanes(ctx, (tx, cursor, lane) => postCreditInterestChunk(tx, ctx, cursor, lane));
}

/**
 * One chunk of the credit interest posting: the next `ctx.chunkRows` accounts of `lane` with interest
 * booked after `cursor`, staged, posted and settled. Its range is read from account_interest's key alone; the
 * staging query then filters inside it. Asked for "the next N that pass every filter", PostgreSQL read
 * and sorted every remaining account for each chunk (ADR 0026, addendum).
 */
export async function postCreditInterestChunk(
  tx: Database,
  ctx: StepContext,
  cursor: number,
  lane: Lane,
): Promise<ChunkResult> {
  const { businessDate: D, monthEnd, quarterEnd } = ctx.run;
  const [range] = await queryRows<{ last: string | null }>(
    tx,
    sql`select max(account_id)::text as last from (
          select account_id from account_interest
           where account_id > ${cursor} and credit_booked > 0 and ${inLane(sql`account_id`, lane)}
           order by account_id limit ${ctx.chunkRows}) c`,
  );
  if (!range?.last) return { lastId: null, done: 0, failed: 0 };
  const last = Number(range.last);
  await createStage(tx);
  const ids = await stageCreditInterest(
    tx,
    ctx,
    sql`i.account_id > ${cursor} and i.account_id <= ${last} and ${inLane(sql`i.account_id`, lane)}
        and a.product_code in ${postingProductsOn(D, monthEnd, quarterEnd)}`,
    ctx.chunkRows,
  );
  if (ids.length === 0) return { lastId: last, done: 0, failed: 0 };
  const r = await postStagedInterest(tx, ctx, quarterEnd ? 'quarter_end' : 'month_end', ids[0]!);
  return { lastId: last, done: r.posted, failed: r.failed };
}

/** Rows the posting step will go through (for progress). */
export async function postingTotal(db: Database, ctx: StepContext): Promise<number> {
  const { businessDate: D, monthEnd, quarterEnd } = ctx.run;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from account_interest i join accounts a on a.id = i.account_id
         where (i.credit_booked > 0 or i.debit_booked > 0) and a.product_code in ${postingProductsOn(D, monthEnd, quarterEnd)}`,
  );
  return r!.n;
}
