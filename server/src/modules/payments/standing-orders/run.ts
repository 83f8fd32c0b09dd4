import { sql } from 'drizzle-orm';
import type { Currency, StandingOrderOptions } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { writeAudit } from '../../audit/index.ts';
import { LedgerError, postEntryOnce, postTransferOnce, type Actor } from '../../ledger/index.ts';
import { applyRateRule } from '../transfers/rate-rule.ts';
import { readOptions } from './options.ts';
import { advanceOrder } from './orders.ts';

/** Fee and commission income: where a failure fee goes. */
const FEE_INCOME_GL = '4020';
/** At most this many missed occurrences of one order are caught up in one run. */
const MAX_CATCH_UP = 31;

export interface RunResult {
  posted: number;
  failed: number;
  skipped: number;
}

type Outcome = 'posted' | 'failed' | 'missed' | 'skipped' | 'done';

/**
 * Runs every standing order due on or before `businessDate` (end of day calls this as its
 * first step, "Run due now" calls it by hand). Each due date posts at most once: the run row's key is
 * (order, due date) and the journal's reference is made of both, so a second run posts nothing. A
 * refusal (insufficient funds, a closed account, no rate) is recorded on the order's run; with retry
 * days it is tried again on later business dates, else (or when they are spent) the due date is
 * missed, the failure fee charged if the rules set one, and the next date moves on.
 * `posted` counts journals posted, `failed` refusals, `skipped` due dates already handled today.
 */
export async function runDueStandingOrders(
  db: Database,
  businessDate: string,
  actor?: Actor,
  scope: { branch?: string | null } = {},
): Promise<RunResult> {
  const options = await readOptions(db);
  const branch = scope.branch ? sql`and branch_code = ${scope.branch}` : sql``;
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id from standing_orders where status = 'active' and next_date <= ${businessDate}::date ${branch}
        order by next_date, id`,
  );
  const result: RunResult = { posted: 0, failed: 0, skipped: 0 };
  for (const { id } of due) {
    for (let k = 0; k < MAX_CATCH_UP; k++) {
      const outcome = await runOne(db, Number(id), businessDate, options, actor ?? {});
      if (outcome === 'posted') result.posted++;
      else if (outcome === 'failed' || outcome === 'missed') result.failed++;
      else if (outcome === 'skipped') result.skipped++;
      // A posted or missed due date moved the order on: it may still be due (catching up).
      if (outcome !== 'posted' && outcome !== 'missed') break;
    }
  }
  return result;
}

interface DueOrder extends Record<string, unknown> {
  status: string;
  due: string | null;
  amount: string;
  narration: string;
  from_id: string;
  from_account: string;
  from_currency: Currency;
  to_account: string;
  to_currency: Currency;
  run_status: string | null;
  run_date: string | null;
  attempts: number | null;
}

const compact = (d: string) => d.replace(/-/g, '');
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** One due date of one order, in one transaction under the order's row lock. */
async function runOne(
  db: Database,
  id: number,
  businessDate: string,
  options: StandingOrderOptions,
  actor: Actor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [o] = await queryRows<DueOrder>(
      tx,
      sql`select o.status, o.next_date::text as due, o.amount::text as amount, o.narration,
                 fa.id as from_id, fa.account_number as from_account, fa.currency as from_currency,
                 ta.account_number as to_account, ta.currency as to_currency,
                 r.status as run_status, r.run_date::text as run_date, r.attempts
          from standing_orders o
          join accounts fa on fa.id = o.from_account_id join accounts ta on ta.id = o.to_account_id
          left join standing_order_runs r on r.order_id = o.id and r.due_date = o.next_date
          where o.id = ${id} for update of o`,
    );
    if (!o || o.status !== 'active' || o.due === null || o.due > businessDate) return 'done';
    const due = o.due;
    if (o.run_status === 'posted') {
      await advanceOrder(tx, id);
      return 'skipped';
    }
    if (o.run_status === 'failed' && o.run_date === businessDate) return 'skipped';
    const attempts = (o.attempts ?? 0) + 1;
    try {
      const applied = await applyRateRule(tx, o.from_currency, o.to_currency, undefined, false);
      const posted = await postTransferOnce(
        tx,
        {
          from_account: o.from_account,
          to_account: o.to_account,
          amount: o.amount,
          rate: applied.rate,
          narration: `Standing order ${id}: ${o.narration}`.slice(0, 140),
          reference: `SO${id}-${compact(due)}`,
        },
        actor,
        { standingOrder: id, dueDate: due, ...applied.details },
      );
      await recordRun(tx, id, due, { status: 'posted', entryId: posted.entryId, attempts, businessDate });
      await advanceOrder(tx, id);
      return 'posted';
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      const final = options.retry_days === 0 || daysBetween(due, businessDate) >= options.retry_days;
      let message = refusal.message;
      let feeEntryId: number | null = null;
      if (final) {
        const fee = o.from_currency === 'USD' ? options.failure_fee_usd : options.failure_fee_sle;
        if (fee) {
          const charged = await chargeFee(tx, id, due, fee, Number(o.from_id), o.from_currency, actor);
          if (typeof charged === 'number') feeEntryId = charged;
          else message = `${message} The failure fee was not charged: ${charged}`;
        }
      }
      await recordRun(tx, id, due, {
        status: final ? 'missed' : 'failed',
        code: refusal.code,
        message,
        feeEntryId,
        attempts,
        businessDate,
      });
      await writeAudit(tx, {
        action: 'payments.standing_order_run',
        outcome: 'failure',
        actorId: actor.id ?? null,
        actorEmail: actor.email ?? null,
        ip: actor.ip ?? null,
        targetType: 'standing_order',
        targetId: String(id),
        details: { dueDate: due, code: refusal.code, message, attempts, final, feeEntryId },
      });
      if (final) await advanceOrder(tx, id);
      return final ? 'missed' : 'failed';
    }
  });
}

/** A business refusal (the ledger's, or a payments 409 such as no_rate); anything else is a bug. */
function refusalOf(err: unknown): { code: string; message: string } | null {
  if (err instanceof LedgerError) return { code: err.code, message: err.message };
  if (err instanceof HttpError && err.statusCode === 409)
    return { code: (err.details as { code?: string } | undefined)?.code ?? 'refused', message: err.message };
  return null;
}

/** The failure fee: payer to fee income, once per missed due date; the refusal's text when it cannot pay. */
async function chargeFee(
  tx: Database,
  id: number,
  due: string,
  fee: string,
  accountId: number,
  currency: Currency,
  actor: Actor,
): Promise<number | string> {
  try {
    const r = await postEntryOnce(tx, {
      source: 'system',
      narration: `Standing order ${id}: failure fee for ${due}`,
      reference: `SOFEE${id}-${compact(due)}`,
      actor,
      lines: [
        { accountId, side: 'debit', amount: fee },
        { glCode: FEE_INCOME_GL, currency, side: 'credit', amount: fee },
      ],
      audit: { action: 'payments.standing_order_fee', targetType: 'standing_order', targetId: String(id) },
    });
    return r.entryId;
  } catch (err) {
    if (err instanceof LedgerError) return err.message;
    throw err;
  }
}

async function recordRun(
  tx: Database,
  id: number,
  due: string,
  r: {
    status: 'posted' | 'failed' | 'missed';
    entryId?: number;
    feeEntryId?: number | null;
    code?: string;
    message?: string;
    attempts: number;
    businessDate: string;
  },
): Promise<void> {
  await tx.execute(sql`insert into standing_order_runs (order_id, due_date, status, code, message, entry_id, fee_entry_id, attempts, run_date)
    values (${id}, ${due}::date, ${r.status}, ${r.code ?? null}, ${r.message ?? null}, ${r.entryId ?? null},
            ${r.feeEntryId ?? null}, ${r.attempts}, ${r.businessDate}::date)
    on conflict (order_id, due_date) do update set status = excluded.status, code = excluded.code,
      message = excluded.message, entry_id = excluded.entry_id, fee_entry_id = excluded.fee_entry_id,
      attempts = excluded.attempts, run_date = excluded.run_date, run_at = now()`);
}
