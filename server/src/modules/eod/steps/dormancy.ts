import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/rows.ts';
import { feeTermsOn } from '../rates.ts';
import { auditStep, chunked, inChunk, setStep, type ChunkResult, type StepContext } from '../step-context.ts';

/**
 * First the day's customer-initiated lines move each account's last activity (is_customer_activity:
 * teller and posting-API lines, transfers the customer paid, brought-in history; never interest,
 * fees, reversals or manual journals). Then every Active account whose last activity (or its opening,
 * or its last reactivation) is at least the product's dormancy period before the business date gets a
 * mark (the report lists them), in one set-based pass; and the marked accounts become Dormant, chunk
 * by chunk. Their holders with no other open account awake become Dormant customers.
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
  // The accounts due, found in one pass (an anti-join on a day's marks, not a walk in chunks), and
  // their marks written: the marks are the step's list of work and its idempotency key.
  await inChunk(ctx, (tx) =>
    tx.execute(sql`
      insert into eod_dormancy_marks (business_date, account_id, last_activity, dormancy_days)
      select ${D}::date, a.id, greatest(x.last_customer_activity, x.reactivated_on, a.opened_on), f.dormancy_days
        from accounts a
        join ${feeTermsOn(D)} f on f.product_code = a.product_code
        left join account_activity x on x.account_id = a.id
       where a.status = 'Active' and a.account_type <> 'Loan'
         and greatest(x.last_customer_activity, x.reactivated_on, a.opened_on) <= ${D}::date - f.dormancy_days
      on conflict do nothing`),
  );
  await setStep(
    ctx.db,
    ctx,
    sql`rows_total = (select count(*) from eod_dormancy_marks where business_date = ${D}::date)`,
  );
  // Then the accounts become Dormant, chunk by chunk (each with its audit row).
  await chunked(ctx, async (tx, cursor): Promise<ChunkResult> => {
    const rows = await queryRows<{ id: string; moved: boolean }>(
      tx,
      sql`with chunk as (
            select account_id as id from eod_dormancy_marks
             where business_date = ${D}::date and account_id > ${cursor} order by account_id
             limit ${statusChunk(ctx)}),
          updated as (update accounts a set status = 'Dormant' from chunk where a.id = chunk.id and a.status = 'Active' returning a.id)
          select c.id::text, u.id is not null as moved from chunk c left join updated u on u.id = c.id`,
    );
    if (rows.length === 0) return { lastId: null, done: 0, failed: 0 };
    const marked = rows.filter((r) => r.moved).map((r) => Number(r.id));
    if (marked.length > 0)
      await auditStep(tx, ctx, 'eod.dormancy_mark', {
        businessDate: D,
        count: marked.length,
        accounts: marked.slice(0, 1000),
      });
    return { lastId: Math.max(...rows.map((r) => Number(r.id))), done: rows.length, failed: 0 };
  });
  // Last, the customer lifecycle's Dormant (docs/customers.md): an Active customer none of whose accounts is
  // still open and awake once today's marks are applied. Only today's marked holders are looked at; a
  // rerun finds them Dormant already and moves none.
  // Today's marked holders, then a chunk of them per transaction like the accounts above.
  const holders = (
    await queryRows<{ id: number }>(
      ctx.db,
      sql`select distinct a.cust_id as id from eod_dormancy_marks m join accounts a on a.id = m.account_id
           where m.business_date = ${D}::date order by 1`,
    )
  ).map((h) => h.id);
  for (let i = 0; i < holders.length; i += statusChunk(ctx)) {
    const part = holders.slice(i, i + statusChunk(ctx));
    await inChunk(ctx, async (tx) => {
      const moved = await queryRows<{ id: number }>(
        tx,
        sql`update customers c set status = 'Dormant', version = c.version + 1, updated_at = now()
             where c.cust_id = any(${`{${part.join(',')}}`}::int[]) and c.status = 'Active'
               and not exists (select 1 from accounts o where o.cust_id = c.cust_id
                                and o.status not in ('Dormant', 'Closed', 'Rejected'))
            returning c.cust_id as id`,
      );
      if (moved.length > 0)
        await auditStep(tx, ctx, 'eod.customer_dormancy_mark', {
          businessDate: D,
          count: moved.length,
          customers: moved.slice(0, 1000).map((m) => m.id),
        });
    });
  }
}

/**
 * Accounts or customers whose status one transaction moves. The by-status counts (account_counts,
 * customer_counts) are kept by row triggers that update one counter row per group, and a row updated
 * n times in one transaction keeps n versions the next update walks past: a transaction moving n
 * rows of a group costs the square of n. Measured on 200,000 customers: 2,000 accounts made Dormant
 * in 222 ms of counting, 8,000 in 2,528 ms. A thousand a transaction keeps that under 0.1 ms a row.
 */
const STATUS_CHUNK = 1000;
const statusChunk = (ctx: StepContext) => Math.min(ctx.chunkRows, STATUS_CHUNK);
