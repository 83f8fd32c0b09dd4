import { sql } from 'drizzle-orm';
import { OVERDRAFT_INTEREST_GL, toCents, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { postEntry, type EntryLine } from '../../ledger/index.ts';
import { ratesCtes } from '../rates.ts';
import { chunked, type ChunkResult, type StepContext } from '../step-context.ts';

/** How far back an account's accrual may catch up (an account whose accrual stopped for a while). */
const CATCH_UP_DAYS = 31;

interface Delta extends Record<string, unknown> {
  currency: Currency;
  dr: string;
  cr: string;
  delta: string;
  last_id: string;
  first_id: string;
  n: number;
}

/**
 * Daily credit-interest accrual, set-based, one chunk of accounts per transaction: for each day from
 * the account's last accrued day to `through` (never past a fixed deposit's maturity), closing balance
 * × the rate of the version in force that day (its tier, or its tenor) / 365, each day rounded to 10
 * decimals; the account's accrued interest grows by that, its booked cents become the accrued rounded
 * to the cent, and the GL gets the booked increase in one entry per currency (Dr interest expense, Cr
 * interest payable). Idempotent by (day, account): `credit_through` moves in the same statement.
 */
export async function accrueCredit(ctx: StepContext, through: string): Promise<void> {
  const D = ctx.run.businessDate;
  await chunked(ctx, async (tx, cursor) => {
    const rows = await queryRows<Delta>(
      tx,
      sql`with ${ratesCtes(subtractDays(D, CATCH_UP_DAYS), through)},
      cand as (
        select a.id, a.currency, a.product_code, a.branch_code, a.tenor_months,
               greatest(a.balance, 0) as bal,
               greatest(coalesce(i.credit_through, ${D}::date - 1), ${D}::date - ${CATCH_UP_DAYS + 1}::int) as from_excl,
               least(${through}::date, coalesce(a.maturity_date - 1, ${through}::date)) as upto,
               coalesce(i.credit_accrued, 0) as acc, coalesce(i.credit_booked, 0) as booked,
               p.interest_expense_gl as dr, p.interest_payable_gl as cr
          from accounts a
          join products p on p.code = a.product_code
          -- The cursor bounds account_interest too: joined by merge, its scan otherwise began at the
          -- table's first row for every chunk (412,272 rows read for a chunk two thirds in, at 1M).
          left join account_interest i on i.account_id = a.id and i.account_id > ${cursor}
         where a.id > ${cursor} and a.status in ('Active', 'Dormant', 'Blocked')
           and a.product_code in (select product_code from credit_products)
           and coalesce(i.credit_through, ${D}::date - 1) < least(${through}::date, coalesce(a.maturity_date - 1, ${through}::date))
         order by a.id limit ${ctx.chunkRows}),
      per_day as (
        select c.id, round(c.bal * coalesce(tr.rate, fr.rate, 0) / 36500, 10) as amt
          from cand c
          join days d on d.day > c.from_excl and d.day <= c.upto
          left join tenor tr on tr.product_code = c.product_code and tr.day = d.day and tr.months = c.tenor_months
          left join flat fr on fr.product_code = c.product_code and fr.day = d.day
                           and c.bal >= fr.min_bal and (fr.max_bal is null or c.bal < fr.max_bal)),
      calc as (
        select c.*, c.acc + coalesce(s.add, 0) as new_acc, round(c.acc + coalesce(s.add, 0), 2) as new_booked,
               coalesce(s.add, 0) > 0 as earned, greatest(c.from_excl, c.upto) as new_through
          from cand c left join (select id, sum(amt) as add from per_day group by id) s on s.id = c.id),
      up as (
        insert into account_interest as ai (account_id, credit_accrued, credit_booked, credit_through)
        select id, new_acc, new_booked, new_through from calc
        on conflict (account_id) do update
          set credit_accrued = excluded.credit_accrued, credit_booked = excluded.credit_booked,
              credit_through = excluded.credit_through
        returning 1),
      daily as (
        insert into eod_interest_daily as d (business_date, kind, product_code, branch_code, currency, accrued, accounts)
        select ${D}::date, 'credit', product_code, branch_code, currency, sum(new_booked - booked), count(*) filter (where earned)
          from calc group by product_code, branch_code, currency
        on conflict (business_date, kind, product_code, branch_code, currency) do update
          set accrued = d.accrued + excluded.accrued, accounts = d.accounts + excluded.accounts
        returning 1)
      select currency, dr, cr, sum(new_booked - booked)::text as delta,
             max(id)::text as last_id, min(id)::text as first_id,
             (select count(*) from calc)::int as n
        from calc group by currency, dr, cr`,
    );
    return bookAccrual(tx, ctx, rows, 'credit');
  });
}

/**
 * Overdraft interest: the same for accounts below zero at the debit rate in force each day, from the
 * business date on (an account's overdrawn days before it are their own days' business). GL: Dr
 * interest receivable, Cr interest income.
 */
export async function accrueOverdraft(ctx: StepContext, through: string): Promise<void> {
  const D = ctx.run.businessDate;
  await chunked(ctx, async (tx, cursor) => {
    const rows = await queryRows<Delta>(
      tx,
      sql`with ${ratesCtes(D, through)},
      cand as (
        select a.id, a.currency, a.product_code, a.branch_code, -a.balance as owed,
               greatest(coalesce(i.debit_through, ${D}::date - 1), ${D}::date - 1) as from_excl,
               coalesce(i.debit_accrued, 0) as acc, coalesce(i.debit_booked, 0) as booked
          from accounts a
          -- The cursor bounds account_interest too (see accrueCredit).
          left join account_interest i on i.account_id = a.id and i.account_id > ${cursor}
         where a.id > ${cursor} and a.overdrawn_since is not null and a.balance < 0
           and a.status in ('Active', 'Dormant', 'Blocked') and a.account_type <> 'Loan'
           and a.product_code in (select product_code from debit)
           and coalesce(i.debit_through, ${D}::date - 1) < ${through}::date
         order by a.id limit ${ctx.chunkRows}),
      calc0 as (
        select c.id, sum(round(c.owed * r.rate / 36500, 10)) as add
          from cand c join days d on d.day > c.from_excl
          join debit r on r.product_code = c.product_code and r.day = d.day group by c.id),
      calc as (
        select c.*, c.acc + coalesce(x.add, 0) as new_acc, round(c.acc + coalesce(x.add, 0), 2) as new_booked,
               ${OVERDRAFT_INTEREST_GL.receivable}::text as dr, ${OVERDRAFT_INTEREST_GL.income}::text as cr
          from cand c left join calc0 x on x.id = c.id),
      up as (
        insert into account_interest as ai (account_id, debit_accrued, debit_booked, debit_through)
        select id, new_acc, new_booked, ${through}::date from calc
        on conflict (account_id) do update
          set debit_accrued = excluded.debit_accrued, debit_booked = excluded.debit_booked, debit_through = excluded.debit_through
        returning 1),
      daily as (
        insert into eod_interest_daily as d (business_date, kind, product_code, branch_code, currency, accrued, accounts)
        select ${D}::date, 'debit', product_code, branch_code, currency, sum(new_booked - booked), count(*)
          from calc group by product_code, branch_code, currency
        on conflict (business_date, kind, product_code, branch_code, currency) do update
          set accrued = d.accrued + excluded.accrued, accounts = d.accounts + excluded.accounts
        returning 1)
      select currency, dr, cr, sum(new_booked - booked)::text as delta, max(id)::text as last_id, min(id)::text as first_id,
             (select count(*) from calc)::int as n
        from calc group by currency, dr, cr`,
    );
    return bookAccrual(tx, ctx, rows, 'overdraft');
  });
}

/** One GL entry per currency for a chunk's booked increase (sides swap for a decrease). */
async function bookAccrual(
  tx: Database,
  ctx: StepContext,
  rows: Delta[],
  kind: 'credit' | 'overdraft',
): Promise<ChunkResult> {
  if (rows.length === 0) return { lastId: null, done: 0, failed: 0 };
  const lastId = Math.max(...rows.map((r) => Number(r.last_id)));
  const firstId = Math.min(...rows.map((r) => Number(r.first_id)));
  // Every row carries the chunk's account count (data-modifying CTEs run whether read or not).
  const done = Number(rows[0]!.n);
  for (const currency of [...new Set(rows.map((r) => r.currency))]) {
    const lines: EntryLine[] = [];
    for (const r of rows.filter((x) => x.currency === currency)) {
      const cents = toCents(r.delta);
      if (cents === 0n) continue;
      const amount = r.delta.replace(/^-/, '');
      const up = cents > 0n;
      lines.push({ glCode: up ? r.dr : r.cr, currency, side: 'debit', amount });
      lines.push({ glCode: up ? r.cr : r.dr, currency, side: 'credit', amount });
    }
    if (lines.length === 0) continue;
    await postEntry(tx, {
      source: 'end_of_day',
      narration: `${kind === 'credit' ? 'Credit' : 'Overdraft'} interest accrued for ${ctx.run.businessDate}`,
      reference: `EOD-${ctx.run.businessDate}-${ctx.step}-${currency}-${firstId}`,
      lines,
      actor: { id: ctx.run.requestedBy, email: ctx.run.requestedEmail },
      audit: {
        action: `eod.${kind === 'credit' ? 'credit' : 'overdraft'}_accrual`,
        targetType: 'eod_run',
        targetId: String(ctx.run.id),
        details: { step: ctx.step, businessDate: ctx.run.businessDate, accounts: [firstId, lastId] },
      },
    });
    // postEntry checks its balance at once and leaves the check immediate: the next entry of this
    // transaction must start deferred again (its lines come after its row).
    await tx.execute(sql`set constraints journal_entries_balanced deferred`);
  }
  return { lastId, done, failed: 0 };
}

export const subtractDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
