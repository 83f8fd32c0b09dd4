import { sql } from 'drizzle-orm';
import { LOAN_PENALTY_RECEIVABLE_GL, LOAN_SUSPENSE_GL, toCents, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addNet, postNets, type GlNets } from './net-entry.ts';
import type { LoanBookChunk, LoanBookChunkArgs } from './types.ts';

interface Moved extends Record<string, unknown> {
  currency: Currency;
  igl: string;
  pgl: string;
  interest: string;
  penalty: string;
  charged_income: string;
  charged_suspense: string;
  moved: number;
  charges: number;
  last_id: string;
  first_id: string;
  total: number;
}

/**
 * One chunk of the suspense step (ADR 0064), after classification, set-based, on the class each loan
 * has today:
 * - **the transition**: a loan in a non-performing class whose receivables are not all in suspense
 *   (it has just left a performing class) moves the rest there: Dr interest income, Cr 1428 for the
 *   interest, Dr penalty income, Cr 1428 for the penalties; kept in `loan_suspense_moves`;
 * - **penalties**: each instalment unpaid (principal, interest or fees) more than the product
 *   version's tolerance days after its due date is charged once (the primary key of
 *   `loan_penalty_charges`): the fixed amount, or the percentage of what is unpaid of it, to the
 *   cent. It is added to the instalment's `penalty_due` (so repayments collect it in the product's
 *   order) and to `loans.penalty_receivable`: Dr 1422, Cr the product's penalty income, or Cr 1428
 *   (and `penalty_in_suspense`) on a non-performing loan.
 * One entry per currency for the chunk, netted per GL. Idempotent per date: a loan moved has nothing
 * left outside suspense, an instalment charged is never charged again, so a rerun posts nothing.
 */
export async function suspenseChunk(tx: Database, a: LoanBookChunkArgs): Promise<LoanBookChunk> {
  const D = a.businessDate;
  const rows = await queryRows<Moved>(
    tx,
    sql`with cand as (
      select l.id, l.currency, l.interest_receivable as recv, l.interest_in_suspense as isusp,
             l.penalty_receivable as precv, l.penalty_in_suspense as psusp, coalesce(k.performing, false) as performing,
             v.penalty_kind, v.penalty_value, v.penalty_tolerance_days as tol,
             p.interest_income_gl as igl, p.penalty_income_gl as pgl
        from loans l
        join loan_products p on p.code = l.product_code
        join loan_product_versions v on v.product_code = l.product_code and v.version = l.product_version
        left join loan_classes k on k.code = l.loan_class
       where l.id > ${a.cursor} and l.status = 'Active'
       order by l.id limit ${a.limit}),
    -- Per loan through its own instalments (the primary key's loan_id): a chunk reads its loans'
    -- schedules, not every instalment of the book (the tolerance differs per product version).
    due as (
      select c.id, c.currency, i.instalment_number, not c.performing as suspended,
             round(case c.penalty_kind when 'fixed' then c.penalty_value
                   else (i.principal_due + i.interest_due + i.fee_due - i.principal_paid - i.interest_paid - i.fee_paid)
                        * c.penalty_value / 100 end, 2) as amount
        from cand c cross join lateral (
          select i.* from loan_instalments i
           where i.loan_id = c.id and i.due_date + c.tol < ${D}::date
             and i.principal_paid + i.interest_paid + i.fee_paid < i.principal_due + i.interest_due + i.fee_due
             and not exists (select 1 from loan_penalty_charges x
                              where x.loan_id = c.id and x.instalment_number = i.instalment_number)) i),
    charged as (
      insert into loan_penalty_charges (loan_id, instalment_number, business_date, currency, amount, suspended)
      select id, instalment_number, ${D}::date, currency, amount, suspended from due where amount > 0
      on conflict do nothing
      returning loan_id, instalment_number, amount, suspended),
    inst as (
      update loan_instalments i set penalty_due = i.penalty_due + ch.amount
        from charged ch where i.loan_id = ch.loan_id and i.instalment_number = ch.instalment_number
      returning 1),
    pen as (
      select loan_id, sum(amount) as amount, bool_or(suspended) as suspended, count(*)::int as n
        from charged group by loan_id),
    moves as (
      select c.id, c.currency, c.recv - c.isusp as interest, c.precv - c.psusp as penalty
        from cand c where not c.performing and (c.recv > c.isusp or c.precv > c.psusp)),
    kept as (
      insert into loan_suspense_moves as m (business_date, loan_id, currency, interest, penalty)
      select ${D}::date, id, currency, interest, penalty from moves
      on conflict (business_date, loan_id) do update
        set interest = m.interest + excluded.interest, penalty = m.penalty + excluded.penalty
      returning 1),
    -- The chunk's key range on loans too, so the update reads the chunk's loans and not the book.
    upd as (
      update loans l
         set interest_in_suspense = l.interest_in_suspense + coalesce(m.interest, 0),
             penalty_receivable = l.penalty_receivable + coalesce(p.amount, 0),
             penalty_in_suspense = l.penalty_in_suspense + coalesce(m.penalty, 0)
                                   + case when p.suspended then p.amount else 0 end
        from cand c left join moves m on m.id = c.id left join pen p on p.loan_id = c.id
       where l.id = c.id and (m.id is not null or p.loan_id is not null)
         and l.id > ${a.cursor} and l.id <= (select max(id) from cand)
      returning 1)
    select c.currency, c.igl, c.pgl, coalesce(sum(m.interest), 0)::text as interest,
           coalesce(sum(m.penalty), 0)::text as penalty,
           coalesce(sum(p.amount) filter (where not p.suspended), 0)::text as charged_income,
           coalesce(sum(p.amount) filter (where p.suspended), 0)::text as charged_suspense,
           count(m.id)::int as moved, coalesce(sum(p.n), 0)::int as charges,
           max(c.id)::text as last_id, min(c.id)::text as first_id, (select count(*) from cand)::int as total
      from cand c left join moves m on m.id = c.id left join pen p on p.loan_id = c.id
     group by c.currency, c.igl, c.pgl`,
  );
  if (rows.length === 0) return { lastId: null, done: 0 };
  const lastId = Math.max(...rows.map((r) => Number(r.last_id)));
  const firstId = Math.min(...rows.map((r) => Number(r.first_id)));
  const byCurrency = new Map<Currency, { nets: GlNets; moved: number; charges: number }>();
  for (const r of rows) {
    const c = byCurrency.get(r.currency) ?? { nets: new Map<string, bigint>(), moved: 0, charges: 0 };
    byCurrency.set(r.currency, c);
    const interest = toCents(r.interest);
    const penalty = toCents(r.penalty);
    const income = toCents(r.charged_income);
    const suspended = toCents(r.charged_suspense);
    addNet(c.nets, r.igl, interest);
    addNet(c.nets, r.pgl, penalty - income);
    addNet(c.nets, LOAN_PENALTY_RECEIVABLE_GL, income + suspended);
    addNet(c.nets, LOAN_SUSPENSE_GL, -(interest + penalty + suspended));
    c.moved += r.moved;
    c.charges += r.charges;
  }
  for (const [currency, c] of byCurrency)
    await postNets(tx, currency, c.nets, {
      source: 'end_of_day',
      narration: `Loan interest to suspense and late-payment penalties for ${D}`,
      reference: `EOD-${D}-loan_suspense-${currency}-${firstId}`,
      actor: a.actor,
      audit: {
        action: 'eod.loan_suspense',
        targetType: 'eod_run',
        targetId: String(a.runId),
        details: {
          businessDate: D,
          loans: [firstId, lastId],
          movedToSuspense: c.moved,
          penaltiesCharged: c.charges,
        },
      },
    });
  return { lastId, done: rows[0]!.total };
}
