import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  LOAN_LOSS_GL,
  PROVISION_TEXT as T,
  compareAmounts,
  fromCents,
  toCents,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { approvedBy, requestApproval, type ApprovalActor, type Approvals } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { LedgerError, ledgerHttpError, postEntryOnce } from '../ledger/index.ts';
import { runRow } from './provision-run.ts';

export const PROVISION_POST_TYPE = 'loan_provision.post';
const PROVISION_GL = { provision: LOAN_LOSS_GL.provision, expense: LOAN_LOSS_GL.provisionExpense };

const postCommand = z.object({ runId: z.number().int(), version: z.number().int() });

/** The change per currency a run would post: the required less what the loans hold now. */
async function changes(tx: Database, runId: number, column: 'required' | 'posted') {
  return queryRows<{ currency: string; required: string; held: string; change: string }>(
    tx,
    sql`select currency, sum(${sql.raw(column)})::text as required, sum(held_before)::text as held,
               sum(${sql.raw(column)} - held_before)::text as change
          from loan_provision_lines where run_id = ${runId} group by currency order by currency`,
  );
}

/**
 * The maker asks for a draft run's posting: the run waits (status pending) for a second person with
 * the Head of Credit's level; the request shows the checker the change per currency.
 */
export async function requestPosting(tx: Database, runId: number, maker: ApprovalActor): Promise<string> {
  const run = await runRow(tx, runId, true);
  if (run.status === 'posted') throw conflict(T.posted, { code: 'run_posted' });
  if (run.status === 'pending')
    throw conflict(T.pending, { code: 'run_pending', approvalId: run.approval_id });
  const byCurrency = await changes(tx, runId, 'required');
  const approvalId = await requestApproval(tx, {
    type: PROVISION_POST_TYPE,
    subjectType: 'loan_provision_run',
    subjectId: String(runId),
    command: { runId, version: run.version } satisfies z.infer<typeof postCommand>,
    before: null,
    // Flat fields, so the inbox shows each currency's figures as labelled rows.
    after: {
      asOf: run.as_of,
      monthEnd: run.month_end,
      ...Object.fromEntries(
        byCurrency.flatMap((c) => [
          [`${c.currency} required`, c.required],
          [`${c.currency} held`, c.held],
          [`${c.currency} change`, c.change],
        ]),
      ),
    },
    maker,
    branch: null,
    subjectVersion: String(run.version),
  });
  await tx.execute(
    sql`update loan_provision_runs set status = 'pending', approval_id = ${approvalId}::uuid where id = ${runId}`,
  );
  return approvalId;
}

/**
 * The checker's approval: each loan's provision becomes the run's required amount, capped at its
 * principal now (a repayment or a write-off since the date lowered it), taken against what it holds
 * now; one journal per currency posts the sum of the changes, Dr 5040 Cr 1490 for a charge or the
 * reverse for a release, posted once by the run's reference. The run is then posted and frozen.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
) {
  const cmd = postCommand.parse(raw);
  const run = await runRow(tx, cmd.runId, true);
  // The request being approved is this run's own: its status is read as stored, not through it.
  const [stored] = await queryRows<{ status: string; approval_id: string | null }>(
    tx,
    sql`select status, approval_id::text from loan_provision_runs where id = ${cmd.runId}`,
  );
  if (stored!.status !== 'pending' || stored!.approval_id !== approvalId || run.version !== cmd.version)
    throw conflict(T.changed, { code: 'run_changed' });
  await tx.execute(sql`
    with locked as (
      select l.id, l.provision_held, greatest(-a.balance, 0) as principal
        from loans l join accounts a on a.id = l.account_id
       where l.id in (select loan_id from loan_provision_lines where run_id = ${cmd.runId})
       for update of l)
    update loan_provision_lines p set held_before = k.provision_held, posted = least(p.required, k.principal)
      from locked k where p.run_id = ${cmd.runId} and p.loan_id = k.id`);
  await tx.execute(sql`
    update loans l set provision_held = p.posted
      from loan_provision_lines p
     where p.run_id = ${cmd.runId} and p.loan_id = l.id and l.provision_held <> p.posted`);
  const byCurrency = await changes(tx, cmd.runId, 'posted');
  const entries: number[] = [];
  for (const c of byCurrency) {
    const sign = compareAmounts(c.change, '0');
    if (sign === 0) continue;
    const amount = fromCents(sign > 0 ? toCents(c.change) : -toCents(c.change));
    try {
      const posted = await postEntryOnce(tx, {
        source: 'system',
        reference: `LPR-${cmd.runId}-${c.currency}`,
        narration: `Loan loss provision as of ${run.as_of} (${sign > 0 ? 'charge' : 'release'})`,
        lines: [
          {
            glCode: sign > 0 ? PROVISION_GL.expense : PROVISION_GL.provision,
            currency: c.currency as 'SLE',
            side: 'debit',
            amount,
          },
          {
            glCode: sign > 0 ? PROVISION_GL.provision : PROVISION_GL.expense,
            currency: c.currency as 'SLE',
            side: 'credit',
            amount,
          },
        ],
        actor: { id: maker.id, email: maker.email, ip: checker.ip },
        audit: {
          action: 'loan_provision.journal',
          targetType: 'loan_provision_run',
          targetId: String(cmd.runId),
          details: { ...approvedBy(approvalId, checker), currency: c.currency, change: c.change },
        },
      });
      entries.push(posted.entryId);
    } catch (err) {
      if (err instanceof LedgerError) throw ledgerHttpError(err);
      throw err;
    }
  }
  await tx.execute(
    sql`update loan_provision_runs set status = 'posted', posted_by = ${checker.id}::uuid,
          posted_by_email = ${checker.email}, posted_at = now(), posted_on = current_business_date()
        where id = ${cmd.runId}`,
  );
  await writeAudit(tx, {
    action: 'loan_provision.post',
    outcome: 'success',
    actorId: maker.id,
    actorEmail: maker.email,
    ip: checker.ip,
    targetType: 'loan_provision_run',
    targetId: String(cmd.runId),
    details: { ...approvedBy(approvalId, checker), asOf: run.as_of, byCurrency, entries },
  });
}

/** Registers the posting's approval type; a rejected or withdrawn request leaves the run a draft again. */
export function registerProvisionPosting(approvals: Approvals): void {
  approvals.nameSubjects(
    'loan_provision_run',
    ({ subjectId }) =>
      sql`(select to_char(as_of, 'YYYY-MM-DD') from loan_provision_runs
            where id = case when ${subjectId} ~ '^[0-9]{1,9}$' then ${subjectId}::int end)`,
  );
  approvals.register({
    type: PROVISION_POST_TYPE,
    currentVersion: async (tx, subjectId) => {
      const [r] = await queryRows<{ v: string }>(
        tx,
        sql`select version::text as v from loan_provision_runs where id = ${Number(subjectId)}`,
      );
      return r?.v ?? null;
    },
    execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
    onEnded: async (tx, raw) => {
      const cmd = postCommand.parse(raw);
      await tx.execute(
        sql`update loan_provision_runs set status = 'draft', approval_id = null
             where id = ${cmd.runId} and status = 'pending'`,
      );
    },
  });
}
