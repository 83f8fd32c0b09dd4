import { sql, type SQL } from 'drizzle-orm';
import type {
  Page,
  StandingOrder,
  StandingOrderAmend,
  StandingOrderInput,
  StandingOrderListQuery,
  StandingOrderRun,
} from '@bankmanager/contracts';
import { normaliseAccountNumber } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { pageWindow } from '../../../lib/paging.ts';
import type { PayAccount } from '../accounts.ts';

interface OrderRow extends Record<string, unknown> {
  id: string;
  reference: string;
  from_account: string;
  from_holder: string;
  to_account: string;
  to_holder: string;
  currency: StandingOrder['currency'];
  to_currency: StandingOrder['currency'];
  amount: string;
  narration: string;
  frequency: StandingOrder['frequency'];
  start_date: string;
  end_date: string | null;
  next_date: string | null;
  status: StandingOrder['status'];
  branch: string;
  created_by: string;
  version: number;
  last_run: (Omit<StandingOrderRun, 'run_at'> & { run_at: string }) | null;
}

const runJson = (
  r: SQL,
) => sql`json_build_object('due_date', ${r}.due_date::text, 'status', ${r}.status, 'code', ${r}.code,
  'message', ${r}.message, 'entry_id', ${r}.entry_id::text, 'fee_entry_id', ${r}.fee_entry_id::text,
  'attempts', ${r}.attempts, 'run_at', ${r}.run_at)`;

const orderSelect = sql`select o.id::text as id, o.reference, fa.account_number as from_account, fc.name as from_holder,
    ta.account_number as to_account, tc.name as to_holder, fa.currency, ta.currency as to_currency,
    o.amount::text as amount, o.narration, o.frequency, o.start_date::text as start_date, o.end_date::text as end_date,
    o.next_date::text as next_date, o.status, o.branch_code as branch, o.created_by_email as created_by, o.version,
    (select ${runJson(sql`r`)} from standing_order_runs r where r.order_id = o.id order by r.due_date desc limit 1) as last_run
  from standing_orders o
  join accounts fa on fa.id = o.from_account_id join customers fc on fc.cust_id = fa.cust_id
  join accounts ta on ta.id = o.to_account_id join customers tc on tc.cust_id = ta.cust_id`;

const toRun = (r: NonNullable<OrderRow['last_run']>): StandingOrderRun => ({
  ...r,
  entry_id: r.entry_id ?? null,
  fee_entry_id: r.fee_entry_id ?? null,
  run_at: new Date(r.run_at).toISOString(),
});

const toOrder = (r: OrderRow): StandingOrder => ({
  ...r,
  version: Number(r.version),
  last_run: r.last_run ? toRun(r.last_run) : null,
});

export async function getOrder(db: Database, id: number): Promise<StandingOrder | null> {
  const [r] = await queryRows<OrderRow>(db, sql`${orderSelect} where o.id = ${id}`);
  return r ? toOrder(r) : null;
}

export async function orderIdByReference(db: Database, reference: string): Promise<number | null> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`select id from standing_orders where reference = ${reference}`,
  );
  return r ? Number(r.id) : null;
}

/** A page of orders, newest first; `q` is an account number on either side. */
export async function listOrders(
  db: Database,
  q: StandingOrderListQuery,
  branch: string | null,
): Promise<Page<StandingOrder>> {
  const where: SQL[] = [];
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (branch !== null) where.push(sql`o.branch_code = ${branch}`);
  if (q.q) {
    const n = normaliseAccountNumber(q.q);
    where.push(sql`(o.from_account_id = (select id from accounts where account_number = ${n})
                    or o.to_account_id = (select id from accounts where account_number = ${n}))`);
  }
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { offset, limit } = pageWindow(q, 20);
  const rows = await queryRows<OrderRow>(
    db,
    sql`${orderSelect} ${cond} order by o.id desc limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from standing_orders o ${cond}`);
  return { rows: rows.map(toOrder), total: Number(n!.n) };
}

export async function insertOrder(
  tx: Database,
  b: StandingOrderInput,
  from: PayAccount,
  to: PayAccount,
  by: { id: string; email: string },
): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    tx,
    sql`insert into standing_orders (reference, from_account_id, to_account_id, amount, narration, frequency,
          start_date, end_date, next_date, anchor_date, branch_code, created_by, created_by_email)
        values (${b.reference}, ${from.id}, ${to.id}, ${b.amount}::numeric, ${b.narration}, ${b.frequency},
          ${b.start_date}::date, ${b.end_date ?? null}::date, ${b.start_date}::date, ${b.start_date}::date,
          ${from.branch}, ${by.id}::uuid, ${by.email})
        returning id`,
  );
  return Number(r!.id);
}

/** The columns an amendment or a cancellation checks, under the row lock. */
export async function lockOrder(
  tx: Database,
  id: number,
): Promise<{
  status: string;
  version: number;
  branch: string;
  fromAccountId: number;
  currency: string;
} | null> {
  const [r] = await queryRows<{
    status: string;
    version: number;
    branch_code: string;
    from_account_id: string;
    currency: string;
  }>(
    tx,
    sql`select o.status, o.version, o.branch_code, o.from_account_id, a.currency
        from standing_orders o join accounts a on a.id = o.from_account_id where o.id = ${id} for update of o`,
  );
  return r
    ? {
        status: r.status,
        version: Number(r.version),
        branch: r.branch_code,
        fromAccountId: Number(r.from_account_id),
        currency: r.currency,
      }
    : null;
}

/** An amendment: the next date becomes the anchor that later occurrences count from. */
export async function amendOrder(tx: Database, id: number, a: StandingOrderAmend): Promise<void> {
  await tx.execute(sql`update standing_orders set amount = ${a.amount}::numeric, narration = ${a.narration},
      frequency = ${a.frequency}, end_date = ${a.end_date}::date, next_date = ${a.next_date}::date,
      anchor_date = ${a.next_date}::date, seq = 0, version = version + 1
    where id = ${id}`);
}

export async function cancelOrder(tx: Database, id: number, reason: string): Promise<void> {
  await tx.execute(sql`update standing_orders set status = 'cancelled', next_date = null, cancel_reason = ${reason},
      version = version + 1 where id = ${id}`);
}

/** Moves an order to its next occurrence; past its end date it is completed. */
export async function advanceOrder(tx: Database, id: number): Promise<void> {
  await tx.execute(sql`update standing_orders o set seq = o.seq + 1, version = o.version + 1,
      next_date = case when o.end_date is not null and n.d > o.end_date then null else n.d end,
      status = case when o.end_date is not null and n.d > o.end_date then 'completed' else o.status end
    from (select standing_order_date(anchor_date, frequency, seq + 1) as d from standing_orders where id = ${id}) n
    where o.id = ${id}`);
}

/** An order's runs, newest due date first. */
export async function listRuns(
  db: Database,
  id: number,
  q: { page?: number; pageSize?: number },
): Promise<Page<StandingOrderRun>> {
  const { offset, limit } = pageWindow(q, 20);
  const rows = await queryRows<{ run: NonNullable<OrderRow['last_run']> }>(
    db,
    sql`select ${runJson(sql`r`)} as run from standing_order_runs r where r.order_id = ${id}
        order by r.due_date desc limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from standing_order_runs where order_id = ${id}`,
  );
  return { rows: rows.map((r) => toRun(r.run)), total: Number(n!.n) };
}
