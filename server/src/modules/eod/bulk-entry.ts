import { sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_REFUSAL_TEXT, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postBulkEntry } from '../ledger/index.ts';
import { auditStep, recordFailures, type StepContext } from './step-context.ts';

/**
 * Set-based postings (ADR "set-based end-of-day postings"). A step stages one row per account in the
 * temporary table `eod_stage` (the customer line: side and amount, plus whatever its GL lines need),
 * then `postStaged` hands the rows of one currency to the ledger's bulk path as ONE journal entry: an
 * account the posting trigger refuses is recorded as a failure, and the rest post. End of day decides
 * what to post; only the ledger writes it.
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
  // Only the refused rows are written: the rest keep their one version (an update of every staged row
  // would rewrite the whole stage for the few a step refuses).
  await tx.execute(sql`
    update eod_stage s set problem = r.problem
      from (select s.account_id, case
                when a.status in ('Closed', 'Submitted', 'Approved', 'Rejected') then ${ACCOUNT_REFUSAL_TEXT.account_not_active}
                when a.status = 'Blocked' and a.block_kind <> 'debit' then ${ACCOUNT_REFUSAL_TEXT.account_blocked}
                when a.status = 'Blocked' and s.side = 'debit' then ${ACCOUNT_REFUSAL_TEXT.debit_blocked}
                when s.side = 'debit' and a.account_type <> 'Loan' and a.balance - s.amount < -a.overdraft_limit
                  then 'Insufficient funds: the debit would pass the overdraft limit'
                when s.side = 'debit' and a.account_type <> 'Loan' and a.balance - s.amount < account_held(a.id, a.held)
                     - case when a.overdraft_expires_on is null or a.overdraft_expires_on >= current_business_date()
                            then a.overdraft_limit else 0 end
                  then ${ACCOUNT_REFUSAL_TEXT.insufficient_available}
              end as problem
              from eod_stage s join accounts a on a.id = s.account_id where s.problem is null) r
     where s.account_id = r.account_id and r.problem is not null`);
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

/** One journal entry for the staged rows of one currency (see the file comment). */
export async function postStaged(tx: Database, ctx: StepContext, p: StagedPosting): Promise<PostedBatch> {
  const refused = await queryRows<{ account_id: string; problem: string }>(
    tx,
    sql`select account_id::text, problem from eod_stage where currency = ${p.currency} and problem is not null`,
  );
  const failures = refused.map((r) => ({ accountId: Number(r.account_id), error: r.problem }));
  const r = await postBulkEntry(tx, {
    source: 'end_of_day',
    businessDate: ctx.run.businessDate,
    narration: p.narration,
    reference: p.reference,
    description: p.description,
    actor: { id: ctx.run.requestedBy, email: ctx.run.requestedEmail },
    currency: p.currency,
    rows: sql`select account_id, side, amount from eod_stage where currency = ${p.currency} and problem is null`,
    gl: p.gl,
    // Marked before the GL lines are summed, so a refused account's amount stays out of them.
    recordRefused: (sp, lines) =>
      sp.execute(
        sql`update eod_stage set problem = f.error
              from jsonb_to_recordset(${JSON.stringify(lines.map((f) => ({ id: f.accountId, error: f.error })))}::jsonb)
                   as f(id bigint, error text)
             where account_id = f.id and problem is null`,
      ),
  });
  failures.push(...r.refused);
  // Every line was refused: the entry was dropped, and none of this currency's rows posted.
  if (r.entryId === null && r.refused.length > 0)
    await tx.execute(
      sql`update eod_stage set problem = coalesce(problem, 'not posted') where currency = ${p.currency}`,
    );
  await recordFailures(tx, ctx, failures);
  if (r.entryId !== null)
    await auditStep(tx, ctx, p.audit.action, {
      ...p.audit.details,
      entryId: r.entryId,
      reference: p.reference,
      source: 'end_of_day',
      step: ctx.step,
      businessDate: ctx.run.businessDate,
      currency: p.currency,
      customerLines: r.posted,
      failed: failures.length,
    });
  return { entryId: r.entryId, posted: r.posted, failed: failures.length };
}
