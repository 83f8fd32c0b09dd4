import { sql } from 'drizzle-orm';
import { CURRENCIES } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { createStage, markRefusals, postStaged } from '../bulk-entry.ts';
import { auditStep, chunked, recordFailures, type ChunkResult, type StepContext } from '../step-context.ts';
import { postStagedInterest, stageCreditInterest } from './posting.ts';

/** The fixed deposits that have reached maturity and are not processed yet (a chunk of them). */
const matured = (ctx: StepContext, cursor: number) => sql`
  a.account_type = 'Fixed Deposit' and a.maturity_date <= ${ctx.run.businessDate}::date and a.id > ${cursor}
  and a.status in ('Active', 'Dormant')
  and (select true from eod_fd_maturities m where m.business_date = ${ctx.run.businessDate}::date and m.account_id = a.id) is null`;

/**
 * Fixed deposits at maturity, set-based per chunk: (1) their interest posts (gross, 15% WHT, net to
 * the deposit); (2) the payout in one entry per currency — everything to the linked account when it
 * does not roll over, the net interest when only the principal rolls over; (3) a deposit paid out is
 * closed, one that rolls over gets its next maturity (same tenor, the rate of the version then in
 * force). A deposit that cannot be paid (no valid linked account, a block) is recorded and waits.
 */
export async function matureDeposits(ctx: StepContext): Promise<void> {
  const D = ctx.run.businessDate;
  await chunked(ctx, async (tx, cursor): Promise<ChunkResult> => {
    const chunk = await queryRows<{ id: string }>(
      tx,
      sql`select a.id::text from accounts a where ${matured(ctx, cursor)} order by a.id limit ${ctx.chunkRows}`,
    );
    if (chunk.length === 0) return { lastId: null, done: 0, failed: 0 };
    const ids = chunk.map((r) => Number(r.id));
    const idList = sql`${`{${ids.join(',')}}`}::bigint[]`;
    await createStage(tx);
    await stageCreditInterest(tx, ctx, sql`a.id = any(${idList})`, ids.length);
    await postStagedInterest(tx, ctx, 'maturity', ids[0]!);
    // Interest that could not post leaves its deposit for the next run.
    const blocked = await queryRows<{ id: string }>(
      tx,
      sql`select account_id::text as id from eod_stage where problem is not null`,
    );
    const waiting = new Set(blocked.map((b) => Number(b.id)));
    await tx.execute(sql`drop table eod_stage`);
    await createStage(tx);
    const problems = await queryRows<{ id: string; problem: string }>(
      tx,
      sql`select a.id::text, case
              when coalesce(a.rollover, 'none') <> 'principal_and_interest' and p.id is null then 'No linked payout account to pay the matured deposit into'
              when coalesce(a.rollover, 'none') <> 'principal_and_interest'
                   and (p.currency <> a.currency or p.status not in ('Active', 'Dormant', 'Blocked') or p.account_type = 'Fixed Deposit')
                then 'The linked payout account cannot take the matured deposit (closed, another currency, or a deposit)'
              when coalesce(a.rollover, 'none') <> 'none' and a.tenor_months is null then 'The deposit has no tenor to roll over for'
            end as problem
          from accounts a left join accounts p on p.id = a.payout_account_id
         where a.id = any(${idList})`,
    );
    const failures = problems.filter((p) => p.problem && !waiting.has(Number(p.id)));
    const go = ids.filter((id) => !waiting.has(id) && !failures.some((f) => Number(f.id) === id));
    const goList = sql`${`{${go.join(',')}}`}::bigint[]`;
    await recordFailures(
      tx,
      ctx,
      failures.map((f) => ({ accountId: Number(f.id), error: f.problem })),
    );
    // Debit each paying deposit, credit each linked account (one line per linked account: several deposits
    // may pay into one).
    await tx.execute(sql`
      insert into eod_stage (account_id, currency, side, amount, kind, ref_id)
      select a.id, a.currency, 'debit',
             case coalesce(a.rollover, 'none') when 'none' then a.balance
                  else coalesce((select ip.net from interest_postings ip where ip.business_date = ${D}::date
                                   and ip.kind = 'credit' and ip.account_id = a.id), 0) end,
             'payout', a.payout_account_id
        from accounts a where a.id = any(${goList}) and coalesce(a.rollover, 'none') <> 'principal_and_interest'`);
    await tx.execute(sql`delete from eod_stage where amount <= 0`);
    await markRefusals(tx);
    await tx.execute(sql`
      insert into eod_stage (account_id, currency, side, amount, kind)
      select ref_id, currency, 'credit', sum(amount), 'receive' from eod_stage where kind = 'payout' and problem is null
       group by ref_id, currency`);
    await markRefusals(tx);
    // A linked account that cannot take the money holds back every deposit paying into it (the entry balances).
    await tx.execute(sql`
      update eod_stage p set problem = r.problem from eod_stage r
       where r.kind = 'receive' and r.problem is not null and p.kind = 'payout' and p.ref_id = r.account_id and p.problem is null`);
    await tx.execute(sql`delete from eod_stage where kind = 'receive' and problem is not null`);
    const refused = await queryRows<{ id: string; problem: string }>(
      tx,
      sql`select account_id::text as id, problem from eod_stage where problem is not null and kind = 'payout'`,
    );
    await tx.execute(sql`delete from eod_stage where problem is not null`);
    for (const currency of CURRENCIES)
      await postStaged(tx, ctx, {
        currency,
        narration: `Matured fixed deposits paid to linked accounts on ${D}`,
        reference: `EOD-${D}-${ctx.step}-payout-${currency}-${ids[0]}`,
        description: 'Fixed deposit maturity',
        gl: sql`select null::text, null::text, 0::numeric where false`,
        audit: { action: 'eod.fd_payout', details: { deposits: go } },
      });
    const notPaid = new Set(refused.map((r) => Number(r.id)));
    const done = go.filter((id) => !notPaid.has(id));
    const doneList = sql`${`{${done.join(',')}}`}::bigint[]`;
    await tx.execute(sql`
      insert into eod_fd_maturities (business_date, account_id, action, maturity_date, new_maturity_date, paid_out, payout_account_id, entry_id)
      select ${D}::date, a.id, coalesce(a.rollover, 'none'), a.maturity_date,
             case when coalesce(a.rollover, 'none') <> 'none' then (a.maturity_date + a.tenor_months * interval '1 month')::date end,
             coalesce((select s.amount from eod_stage s where s.account_id = a.id and s.kind = 'payout'), 0),
             a.payout_account_id,
             (select t.entry_id from transactions t where t.account_id = a.id order by t.posted_at desc, t.id desc limit 1)
        from accounts a where a.id = any(${doneList})`);
    await tx.execute(sql`
      update accounts a set maturity_date = m.new_maturity_date
        from eod_fd_maturities m
       where m.business_date = ${D}::date and m.account_id = a.id and a.id = any(${doneList}) and m.new_maturity_date is not null`);
    await tx.execute(sql`
      update accounts a set status = 'Closed', closed_on = ${D}::date, block_kind = null
       where a.id = any(${doneList}) and coalesce(a.rollover, 'none') = 'none' and a.balance = 0`);
    if (done.length > 0) await auditStep(tx, ctx, 'eod.fd_maturities', { businessDate: D, accounts: done });
    await recordFailures(
      tx,
      ctx,
      refused.map((r) => ({ accountId: Number(r.id), error: r.problem })),
    );
    return { lastId: Math.max(...ids), done: done.length, failed: ids.length - done.length };
  });
}

/** Whether any deposit rolled over today: the accrual then catches it up from its old maturity. */
export async function rolledOverToday(db: Database, date: string): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from eod_fd_maturities where business_date = ${date}::date and action <> 'none'`,
  );
  return r!.n > 0;
}
