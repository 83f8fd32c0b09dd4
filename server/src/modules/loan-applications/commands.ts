import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  LOAN_APPLICATION_TEXT as T,
  LOAN_APPROVAL_AUTHORITIES,
  type LoanApprovalAuthority,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { approvedBy, requestApproval, type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { lockFor, record } from './transition.ts';

/** What a loan approval request stores: the application and, for a committee, which vote this is. */
export const loanApprovalCommand = z.object({
  applicationId: z.number().int(),
  vote: z.number().int().min(1),
});
export type LoanApprovalCommand = z.infer<typeof loanApprovalCommand>;

const currentVersion = async (tx: Database, subjectId: string): Promise<string | null> => {
  const [r] = await queryRows<{ v: string }>(
    tx,
    sql`select version::text as v from loan_applications where id = ${Number(subjectId)}`,
  );
  return r?.v ?? null;
};

/**
 * Places the request of the authority that decides this amount, as its maker, in the caller's
 * transaction. The checker sees the loan's summary (`after`). The request carries no amount: the
 * authority is the request type, not the checker's generic approval limit.
 */
export async function requestLoanApproval(
  tx: Database,
  authority: LoanApprovalAuthority,
  app: { id: number; branch: string; version: number },
  vote: number,
  summary: object,
  maker: ApprovalActor,
): Promise<string> {
  return requestApproval(tx, {
    type: authority.approvalType,
    subjectType: 'loan_application',
    subjectId: String(app.id),
    command: { applicationId: app.id, vote } satisfies LoanApprovalCommand,
    before: null,
    after: summary,
    maker,
    branch: app.branch,
    subjectVersion: String(app.version),
  });
}

/**
 * The checker's approval. The engine has refused the maker (the appraiser) and a stale request; here
 * the applicant's officer is refused too. A committee's first vote is recorded and asks for the
 * second, which neither the maker nor the first voter may give.
 */
async function execute(
  authority: LoanApprovalAuthority,
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
): Promise<void> {
  const cmd = loanApprovalCommand.parse(raw);
  const a = await lockFor(tx, cmd.applicationId, 'approve');
  if (a.officer_id === checker.id) throw conflict(T.applicant, { code: 'own_request' });
  const by = approvedBy(approvalId, checker);
  if (cmd.vote < authority.approvers) {
    await record(tx, a, 'committee_vote', checker, { approvalId, details: { ...by, vote: cmd.vote } });
    const [s] = await queryRows<{ after: object }>(
      tx,
      sql`select after from approval_requests where id = ${approvalId}::uuid`,
    );
    await requestLoanApproval(
      tx,
      authority,
      { id: a.id, branch: a.branch, version: a.version + 1 },
      cmd.vote + 1,
      { ...s!.after, firstVoteBy: checker.email },
      maker,
    );
    return;
  }
  if (authority.approvers > 1) {
    const voters = await queryRows<{ actor_id: string }>(
      tx,
      sql`select actor_id::text from loan_application_events e
          where e.application_id = ${a.id} and e.action = 'committee_vote'
            and e.id > coalesce((select max(id) from loan_application_events
                                  where application_id = ${a.id} and action = 'appraise'), 0)`,
    );
    if (voters.some((v) => v.actor_id === checker.id)) throw conflict(T.sameVoter, { code: 'same_voter' });
  }
  await record(tx, a, 'approve', checker, { approvalId, details: { ...by, maker: maker.email } });
}

/** Registers one approval type per authority with the app's four-eyes engine. */
export function registerLoanApplicationCommands(approvals: Approvals): void {
  for (const authority of LOAN_APPROVAL_AUTHORITIES)
    approvals.register({
      type: authority.approvalType,
      currentVersion,
      execute: (tx, raw, { approvalId, maker, checker }) =>
        execute(authority, tx, raw, approvalId, maker, checker),
      // A checker's rejection rejects the application; a maker's withdrawal leaves it Appraised, to be
      // appraised again.
      onEnded: async (tx, raw, { approvalId, outcome, by, reason }) => {
        const cmd = loanApprovalCommand.parse(raw);
        const a = await lockFor(tx, cmd.applicationId, outcome === 'rejected' ? 'reject' : 'approve');
        if (outcome === 'rejected') {
          await tx.execute(sql`update loan_applications set decision_reason = ${reason} where id = ${a.id}`);
          await record(tx, a, 'reject', by, { approvalId, reason });
        } else await record(tx, a, 'approval_withdrawn', by, { approvalId, reason });
      },
    });
}
