import { sql } from 'drizzle-orm';
import { EOD_TEXT } from '@bankmanager/contracts';
import { queryRows } from '../../../db/rows.ts';
import { writeAudit } from '../../audit/index.ts';
import { auditStep, inChunk, type StepContext } from '../step-context.ts';

export interface SingleOutcome {
  done: number;
  failed?: number;
  note?: string;
  skipped?: boolean;
  totals?: Record<string, string>;
}

/** The payments module's standing orders due today; without that module the step says so and skips. */
export async function standingOrders(ctx: StepContext): Promise<SingleOutcome> {
  const run = ctx.hooks.runDueStandingOrders;
  if (!run) return { done: 0, skipped: true, note: EOD_TEXT.noStandingOrdersModule };
  const r = await run(ctx.db, ctx.run.businessDate, {
    id: ctx.run.requestedBy,
    email: ctx.run.requestedEmail,
  });
  return {
    done: r.posted + r.failed + r.skipped,
    failed: r.failed,
    totals: { posted: String(r.posted), failed: String(r.failed), skipped: String(r.skipped) },
  };
}

/**
 * Every customer screened against the sanctions lists in force, in one set-based statement inside the
 * run's lock: a list version approved today is applied to the whole book tonight. The run shows how
 * many customers were screened, not how many matched: hits are for `aml.*` holders, and the run's
 * screen and realtime feed reach others.
 */
export async function rescreenSanctions(ctx: StepContext): Promise<SingleOutcome> {
  const rescreen = ctx.hooks.rescreenSanctions;
  if (!rescreen) return { done: 0, skipped: true, note: EOD_TEXT.noSanctionsModule };
  return inChunk(ctx, async (tx) => {
    const customers = await rescreen(tx);
    await auditStep(tx, ctx, 'eod.sanctions_rescreen', { businessDate: ctx.run.businessDate, customers });
    return { done: customers, totals: { customers: String(customers) } };
  });
}

/**
 * The transaction monitoring rules over the business date, set-based, inside the run's lock. The run
 * shows how many rules ran, never how many alerts: those are for `aml.*` holders only. Idempotent per
 * date (one alert per rule, customer and date), so a resumed run evaluates the date again.
 */
export async function amlMonitoring(ctx: StepContext): Promise<SingleOutcome> {
  const evaluate = ctx.hooks.evaluateAmlRules;
  if (!evaluate) return { done: 0, skipped: true, note: EOD_TEXT.noAmlModule };
  return inChunk(ctx, async (tx) => {
    const rules = await evaluate(tx, ctx.run.businessDate);
    await auditStep(tx, ctx, 'eod.aml_monitoring', { businessDate: ctx.run.businessDate, rules });
    return { done: rules, totals: { rules: String(rules) } };
  });
}

/**
 * Cleared deposits released: a hold placed until a deposit clears carries its clearing date as its
 * expiry; the holds whose last day is this business date or earlier are released now by end of day
 * (reason "Cleared"), so the available balance and the holds lists agree the moment the date moves.
 * Then the day closes to postings other than end of day's own (the cut-off; ADR set-based postings).
 */
export async function releaseClearedDeposits(ctx: StepContext): Promise<SingleOutcome> {
  const { id, businessDate: D, nextBusinessDate: N } = ctx.run;
  return inChunk(ctx, async (tx) => {
    const rows = await queryRows<{ n: number; amount: string | null }>(
      tx,
      sql`with r as (
            update account_holds set released_at = now(), released_by = 'end-of-day',
                   release_reason = 'Cleared: its hold ran until ' || expires_on::text
             where released_at is null and expires_on < ${N}::date returning amount)
          select count(*)::int as n, sum(amount)::text as amount from r`,
    );
    const n = rows[0]!.n;
    if (n > 0)
      await auditStep(tx, ctx, 'eod.holds_released', { businessDate: D, holds: n, amount: rows[0]!.amount });
    await tx.execute(sql`
      insert into bank_business_date (id, business_date, closing_run_id) values (true, ${D}::date, ${id})
      on conflict (id) do update set closing_run_id = excluded.closing_run_id,
        business_date = coalesce(bank_business_date.business_date, excluded.business_date)
      where current_business_date() = ${D}::date`);
    return { done: n, totals: { holds: String(n), amount: rows[0]!.amount ?? '0.00' } };
  });
}

/** The day's closing balance of every GL account and currency (a second run finds it taken). */
export async function snapshotGl(ctx: StepContext): Promise<SingleOutcome> {
  return inChunk(ctx, async (tx) => {
    const [r] = await queryRows<{ n: number }>(
      tx,
      sql`with ins as (
            insert into gl_daily_balances (business_date, gl_code, currency, balance)
            select ${ctx.run.businessDate}::date, gl_code, currency, sum(balance) from gl_balances() group by gl_code, currency
            on conflict do nothing returning 1)
          select count(*)::int as n from ins`,
    );
    return { done: r!.n, note: r!.n === 0 ? 'The snapshot of this date was already taken' : undefined };
  });
}

/** Moves the business date to the next working day and lifts the cut-off, once. */
export async function advanceDate(ctx: StepContext): Promise<SingleOutcome> {
  const { businessDate: D, nextBusinessDate: N } = ctx.run;
  return inChunk(ctx, async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update bank_business_date set business_date = ${N}::date, closing_run_id = null, updated_at = now()
           where id and coalesce(business_date, current_date) = ${D}::date returning 1`,
    );
    if (moved.length === 0) return { done: 0, note: `The business date had already moved past ${D}` };
    // The daily limits' totals count one business date; the closed day's are no longer read.
    await tx.execute(sql`delete from maker_daily_debits where business_date < ${N}::date`);
    await tx.execute(sql`delete from account_daily_debits where business_date < ${N}::date`);
    await writeAudit(tx, {
      action: 'eod.business_date_advance',
      outcome: 'success',
      actorId: ctx.run.requestedBy,
      actorEmail: ctx.run.requestedEmail,
      targetType: 'business_date',
      targetId: N,
      details: { from: D, to: N, runId: ctx.run.id },
    });
    return { done: 1, note: `${D} → ${N}` };
  });
}
