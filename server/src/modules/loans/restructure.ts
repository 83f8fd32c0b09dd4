import { sql } from 'drizzle-orm';
import {
  LOAN_GRADING_TEXT as G,
  MAX_LOAN_TERM,
  planRestructure,
  type InterestMethod,
  type LoanFrequency,
  type LoanRestructureInput,
  type RestructurePlan,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Approvals } from '../approvals/index.ts';
import {
  assertGradable,
  auditApproved,
  gradedLoan,
  startCureWatch,
  type Approved,
} from '../loan-book/index.ts';
import { instalmentsOf } from './rows.ts';
import { insertInstalments, writeSchedule } from './schedule-writes.ts';

export const RESTRUCTURE_TYPE = 'loan.restructure' as const;

export interface RestructureCommand {
  loanId: number;
  effectiveDate: string;
  rate?: string | undefined;
  term?: number | undefined;
  capitaliseArrears: boolean;
  reason: string;
}

interface Terms extends Record<string, unknown> {
  rate: string;
  term: number;
  method: InterestMethod;
  frequency: LoanFrequency;
  disbursed: string;
  outstanding: string;
  last_repayment: string | null;
  in_rate: boolean;
  min_rate: string;
  max_rate: string;
  min_term: number;
  max_term: number;
}

const field = (path: string, message: string) => badRequest('Invalid request', [{ path, message }]);

/**
 * The restructuring worked out on the loan as it stands (the request shows it to the checker, the
 * approval works it out again and writes it): refusals first (the date before the business date, a
 * rate or term outside the loan's product version, nothing left to reschedule), each naming its field.
 */
export async function restructurePlan(
  tx: Database,
  cmd: RestructureCommand,
): Promise<{ plan: RestructurePlan; t: Terms; rate: string }> {
  if (cmd.effectiveDate < (await currentBusinessDate(tx))) throw field('/effectiveDate', G.effectiveDate);
  const rate = cmd.rate;
  const [t] = await queryRows<Terms>(
    tx,
    sql`select l.rate::text, l.term, l.interest_method as method, l.frequency, l.disbursement_date::text as disbursed,
               greatest(-a.balance, 0)::text as outstanding,
               (select max(r.id)::text from loan_repayments r where r.loan_id = l.id) as last_repayment,
               coalesce(${rate ?? null}::numeric, l.rate) between v.min_rate and v.max_rate as in_rate,
               trim_scale(v.min_rate)::text as min_rate, trim_scale(v.max_rate)::text as max_rate,
               v.min_term, v.max_term
          from loans l join accounts a on a.id = l.account_id
          join loan_product_versions v on v.product_code = l.product_code and v.version = l.product_version
         where l.id = ${cmd.loanId}`,
  );
  if (rate !== undefined && !t!.in_rate) throw field('/rate', G.rateOutside(t!.min_rate, t!.max_rate));
  if (cmd.term !== undefined && (cmd.term < t!.min_term || cmd.term > t!.max_term))
    throw field('/term', G.termOutside(t!.min_term, t!.max_term));
  const plan = planRestructure({
    rows: await instalmentsOf(tx, cmd.loanId),
    outstanding: t!.outstanding,
    effectiveDate: cmd.effectiveDate,
    disbursementDate: t!.disbursed,
    oldRate: t!.rate,
    rate: rate ?? t!.rate,
    term: cmd.term,
    capitaliseArrears: cmd.capitaliseArrears,
    method: t!.method,
    frequency: t!.frequency,
  });
  if (!plan) throw conflict(G.nothingLeft, { code: 'nothing_to_reschedule' });
  if (plan.kept.length + plan.added.length > MAX_LOAN_TERM)
    throw field('/term', G.termOutside(t!.min_term, MAX_LOAN_TERM - plan.kept.length));
  return { plan, t: t!, rate: rate ?? t!.rate };
}

/**
 * The checker's approval: the loan locked and checked again, the replaced rows shrunk to what was
 * paid of them (or dropped), the new rows written, the loan's rate and term changed and flagged
 * restructured (held at least Substandard until cured), the history row, the cure watch and the
 * audit row, in the approval's transaction. No money moves: the principal owed is unchanged.
 */
async function execute(tx: Database, raw: unknown, approved: Approved): Promise<void> {
  const { approvalId, maker, checker } = approved;
  const cmd = raw as RestructureCommand;
  const l = await gradedLoan(tx, cmd.loanId, true);
  assertGradable(l);
  const { plan, t, rate } = await restructurePlan(tx, cmd);
  const before = await instalmentsOf(tx, l.id);
  await writeSchedule(tx, l.id, before, plan.kept);
  await insertInstalments(tx, l.id, plan.added);
  await tx.execute(
    sql`update loans set rate = ${rate}::numeric, term = ${plan.kept.length + plan.added.length}, restructured = true
         where id = ${l.id}`,
  );
  const [h] = await queryRows<{ id: string }>(
    tx,
    sql`insert into loan_restructurings (loan_id, approval_id, business_date, effective_date, old_rate, new_rate,
          old_term, new_term, principal, capitalised_arrears, replaced, last_repayment_id, reason, requested_by,
          approved_by)
        values (${l.id}, ${approvalId}::uuid, current_business_date(), ${cmd.effectiveDate}::date, ${t.rate}::numeric,
          ${rate}::numeric, ${t.term}, ${plan.term}, ${plan.principal}::numeric, ${plan.capitalised}::numeric,
          ${JSON.stringify(plan.replaced)}::jsonb, ${t.last_repayment}::bigint, ${cmd.reason}, ${maker.email},
          ${checker.email})
        returning id::text`,
  );
  await startCureWatch(tx, l.id);
  await auditApproved(tx, approved, {
    action: 'loan.restructure',
    targetType: 'loan',
    targetId: String(l.id),
    details: {
      restructuringId: Number(h!.id),
      effectiveDate: cmd.effectiveDate,
      rate: { from: t.rate, to: rate },
      term: plan.term,
      principal: plan.principal,
      capitalisedArrears: plan.capitalised,
      brokenInterest: plan.brokenInterest,
      replaced: plan.replaced.length,
      reason: cmd.reason,
    },
  });
}

/** Registers the restructuring with the app's four-eyes engine. */
export function registerRestructure(approvals: Approvals): void {
  approvals.register({
    type: RESTRUCTURE_TYPE,
    currentVersion: async (tx, subjectId) => (await gradedLoan(tx, Number(subjectId))).version,
    execute,
  });
}

/** The command from the request body (the schema's defaults applied). */
export const restructureCommand = (loanId: number, b: LoanRestructureInput): RestructureCommand => ({
  loanId,
  effectiveDate: b.effectiveDate,
  rate: b.rate,
  term: b.term,
  capitaliseArrears: b.capitaliseArrears ?? false,
  reason: b.reason,
});
