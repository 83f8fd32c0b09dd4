import { sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_REFUSAL_TEXT, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { declareBulkEntry, endBulkEntry } from '../ledger/index.ts';
import { auditStep, recordFailures, type StepContext } from './step-context.ts';

/**
 * Set-based postings (ADR "set-based end-of-day postings"). A step stages one row per account in the
 * temporary table `eod_stage` (the customer line: side and amount, plus whatever its GL lines need),
 * then `postStaged` turns the rows of one currency into ONE journal entry: the customer lines in one
 * INSERT … SELECT, declared as the transaction's bulk entry (`ledger.bulk_entry`, the ledger's one bulk
 * path, as postBulkEntry uses it) so the posting trigger checks and applies them per statement
 * (transactions_post_bulk: every refusal of the row trigger, the running balance, the order, the
 * available balance and the limits; the dashboard totals once per statement), then the GL lines summed from the lines that
 * posted, then the entry's balance checked and its audit row. An account the trigger refuses is found by splitting the
 * batch in savepoints, recorded as a failure, and the rest post.
 */
export async function createStage(tx: Database): Promise<void> {
  await tx.execute(sql`create temp table eod_stage (
    account_id bigint primary key,
    currency text not null,
    side text not null,
    amount numeric(18,2) not null,
    gross numeric(18,2),
    wht numeric(18,2),
    product_code text,
    branch_code text,
    gl_a text,
    gl_b text,
    kind text,
    ref_id bigint,
    problem text
  ) on commit drop`);
}

/**
 * Marks the staged rows the posting trigger would refuse, by the trigger's own rules, so they become
 * failures without an attempt: a closed or not yet active account, a total block (or a debit block
 * for a debit), a debit past the overdraft limit or the available balance.
 */
export async function markRefusals(tx: Database): Promise<void> {
  await tx.execute(sql`
    update eod_stage s set problem = case
        when a.status in ('Closed', 'Submitted', 'Approved', 'Rejected') then ${ACCOUNT_REFUSAL_TEXT.account_not_active}
        when a.status = 'Blocked' and a.block_kind <> 'debit' then ${ACCOUNT_REFUSAL_TEXT.account_blocked}
        when a.status = 'Blocked' and s.side = 'debit' then ${ACCOUNT_REFUSAL_TEXT.debit_blocked}
        when s.side = 'debit' and a.account_type <> 'Loan' and a.balance - s.amount < -a.overdraft_limit
          then 'Insufficient funds: the debit would pass the overdraft limit'
        when s.side = 'debit' and a.account_type <> 'Loan' and a.balance - s.amount < account_held(a.id, a.held)
             - case when a.overdraft_expires_on is null or a.overdraft_expires_on >= current_business_date()
                    then a.overdraft_limit else 0 end
          then ${ACCOUNT_REFUSAL_TEXT.insufficient_available}
      end
    from accounts a where a.id = s.account_id and s.problem is null`);
}

export interface StagedPosting {
  currency: Currency;
  narration: string;
  /** Unique per entry: the run's date, step, currency and first account. */
  reference: string;
  description: string;
  /** `(gl_code, side, amount)` rows over `eod_stage` rows of this currency with `problem is null`. */
  gl: SQL;
  audit: { action: string; details?: Record<string, unknown> };
}

export interface PostedBatch {
  entryId: number | null;
  posted: number;
  failed: number;
}

class NothingPosted extends Error {}

/** One journal entry for the staged rows of one currency (see the file comment). */
export async function postStaged(tx: Database, ctx: StepContext, p: StagedPosting): Promise<PostedBatch> {
  const ids = (
    await queryRows<{ id: string }>(
      tx,
      sql`select account_id::text as id from eod_stage where currency = ${p.currency} and problem is null order by account_id`,
    )
  ).map((r) => Number(r.id));
  const refused = await queryRows<{ account_id: string; problem: string }>(
    tx,
    sql`select account_id::text, problem from eod_stage where currency = ${p.currency} and problem is not null`,
  );
  const failures = refused.map((r) => ({ accountId: Number(r.account_id), error: r.problem }));
  let entryId: number | null = null;
  let posted = 0;
  if (ids.length > 0) {
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`set constraints journal_entries_balanced deferred`);
        const [e] = await queryRows<{ id: string }>(
          sp,
          sql`insert into journal_entries (business_date, value_date, narration, source, maker_id, maker_email, reference)
              values (${ctx.run.businessDate}::date, ${ctx.run.businessDate}::date, ${p.narration}, 'end_of_day',
                      ${ctx.run.requestedBy}::uuid, ${ctx.run.requestedEmail}, ${p.reference})
              returning id::text`,
        );
        entryId = Number(e!.id);
        await declareBulkEntry(sp, entryId);
        await insertLines(sp, entryId, p, ids, failures);
        await endBulkEntry(sp);
        const [n] = await queryRows<{ n: number }>(
          sp,
          sql`select count(*)::int as n from transactions where entry_id = ${entryId}`,
        );
        posted = n!.n;
        if (posted === 0) throw new NothingPosted();
        if (failures.length > 0)
          await sp.execute(
            sql`update eod_stage set problem = f.error
                  from jsonb_to_recordset(${JSON.stringify(failures.map((f) => ({ id: f.accountId, error: f.error })))}::jsonb)
                       as f(id bigint, error text)
                 where account_id = f.id and problem is null`,
          );
        await sp.execute(
          sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
              select ${entryId}, g.gl_code, ${p.currency}, g.side, sum(g.amount)
                from (${p.gl}) as g(gl_code, side, amount)
               group by g.gl_code, g.side having sum(g.amount) > 0
               order by g.side desc, g.gl_code`,
        );
        await sp.execute(sql`set constraints journal_entries_balanced immediate`);
        await sp.execute(sql`set constraints journal_entries_balanced deferred`);
      });
    } catch (err) {
      if (!(err instanceof NothingPosted)) throw err;
      entryId = null;
      await endBulkEntry(tx);
      await tx.execute(
        sql`update eod_stage set problem = coalesce(problem, 'not posted') where currency = ${p.currency}`,
      );
    }
  }
  await recordFailures(tx, ctx, failures);
  if (entryId !== null)
    await auditStep(tx, ctx, p.audit.action, {
      ...p.audit.details,
      entryId,
      reference: p.reference,
      source: 'end_of_day',
      step: ctx.step,
      businessDate: ctx.run.businessDate,
      currency: p.currency,
      customerLines: posted,
      failed: failures.length,
    });
  return { entryId, posted, failed: failures.length };
}

/** The customer lines; on a refusal, halves in savepoints until the refused accounts are alone. */
async function insertLines(
  tx: Database,
  entryId: number,
  p: StagedPosting,
  ids: number[],
  failures: { accountId: number; error: string }[],
): Promise<void> {
  const attempt = (part: number[]) =>
    tx.transaction((sp) =>
      sp.execute(sql`
        insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        select a.id, clock_timestamp(), current_business_date(),
               ${p.description}, s.amount, s.side,
               a.balance + case s.side when 'credit' then s.amount else -s.amount end, ${p.reference}, ${entryId}
          from eod_stage s join accounts a on a.id = s.account_id
         where s.account_id = any(${`{${part.join(',')}}`}::bigint[])
         order by a.id`),
    );
  const go = async (part: number[]): Promise<void> => {
    try {
      await attempt(part);
    } catch (err) {
      if (part.length === 1) {
        failures.push({ accountId: part[0]!, error: messageOf(err) });
        return;
      }
      const mid = Math.ceil(part.length / 2);
      await go(part.slice(0, mid));
      await go(part.slice(mid));
    }
  };
  await go(ids);
}

const messageOf = (err: unknown): string => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && !/^Failed query/.test(m)) return m.slice(0, 500);
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return String(err).slice(0, 500);
};
