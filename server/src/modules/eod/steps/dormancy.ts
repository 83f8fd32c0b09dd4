import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { writeAudit } from '../../audit/index.ts';
import { feeTermsOn } from '../rates.ts';
import { chunked, inChunk, type ChunkResult, type StepContext } from '../step-context.ts';

/**
 * First the day's customer-initiated lines move each account's last activity (is_customer_activity:
 * teller and posting-API lines, transfers the customer paid, brought-in history; never interest,
 * fees, reversals or manual journals). Then, per chunk, an Active account whose last activity (or its
 * opening, or its last reactivation) is at least the product's dormancy period before the business
 * date becomes Dormant, with a mark that the report lists.
 */
export async function markDormant(ctx: StepContext): Promise<void> {
  const D = ctx.run.businessDate;
  await inChunk(ctx, (tx) =>
    tx.execute(sql`
      insert into account_activity as x (account_id, last_customer_activity)
      select t.account_id, max(e.business_date)
        from journal_entries e join transactions t on t.entry_id = e.id
       where e.business_date = ${D}::date and e.source in ('teller', 'posting', 'transfer', 'seed', 'migration')
         and is_customer_activity(e.source, t.direction)
       group by t.account_id
      on conflict (account_id) do update
        set last_customer_activity = greatest(x.last_customer_activity, excluded.last_customer_activity)`),
  );
  await chunked(ctx, async (tx, cursor): Promise<ChunkResult> => {
    const rows = await queryRows<{ id: string; marked: string | null }>(
      tx,
      sql`with chunk as (
            select a.id, a.status, f.dormancy_days,
                   greatest(x.last_customer_activity, x.reactivated_on, a.opened_on) as last
              from accounts a
              join ${feeTermsOn(D)} f on f.product_code = a.product_code
              left join account_activity x on x.account_id = a.id
             where a.id > ${cursor} and a.status = 'Active' and a.account_type <> 'Loan'
             order by a.id limit ${ctx.chunkRows}),
          due as (select * from chunk where last <= ${D}::date - dormancy_days
                    and not exists (select 1 from eod_dormancy_marks m where m.business_date = ${D}::date and m.account_id = chunk.id)),
          marked as (
            insert into eod_dormancy_marks (business_date, account_id, last_activity, dormancy_days)
            select ${D}::date, id, last, dormancy_days from due returning account_id),
          updated as (update accounts a set status = 'Dormant' from due where a.id = due.id and a.status = 'Active' returning a.id)
          select c.id::text, u.id::text as marked from chunk c left join updated u on u.id = c.id`,
    );
    if (rows.length === 0) return { lastId: null, done: 0, failed: 0 };
    const marked = rows.filter((r) => r.marked !== null).map((r) => Number(r.marked));
    if (marked.length > 0)
      await writeAudit(tx, {
        action: 'eod.dormancy_mark',
        outcome: 'success',
        actorId: ctx.run.requestedBy,
        actorEmail: ctx.run.requestedEmail,
        targetType: 'eod_run',
        targetId: String(ctx.run.id),
        details: { businessDate: D, count: marked.length, accounts: marked.slice(0, 1000) },
      });
    return { lastId: Math.max(...rows.map((r) => Number(r.id))), done: rows.length, failed: 0 };
  });
}

export async function dormancyTotal(db: Database): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from accounts where status = 'Active' and account_type <> 'Loan'`,
  );
  return r!.n;
}
