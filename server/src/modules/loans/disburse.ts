import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { LOAN_DISBURSEMENT_CHANNELS, isoDateSchema } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import type { Approvals, ApprovalActor } from '../approvals/index.ts';
import { lockFor } from '../loan-applications/index.ts';
import { approveForCash } from './cash-approval.ts';
import { openLoan } from './open-loan.ts';

export const DISBURSE_TYPE = 'loan_application.disburse';

/**
 * What a disbursement request stores: the application, the first due date if the maker set it, and
 * where the net amount goes (requests stored before cash disbursement read as to the account).
 */
export const disburseCommand = z.object({
  applicationId: z.number().int(),
  firstDueDate: isoDateSchema.nullable(),
  channel: z.enum(LOAN_DISBURSEMENT_CHANNELS).default('account'),
});
export type DisburseCommand = z.input<typeof disburseCommand>;

/**
 * The checker's approval. To the repayment account, the loan is made now (open-loan.ts). In cash, no
 * money moves: the approval is kept for a teller of the branch to pay out of a till (ADR 0070), and
 * the loan is made then, on the day the cash leaves.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
): Promise<void> {
  const cmd = disburseCommand.parse(raw);
  const locked = await lockFor(tx, cmd.applicationId, 'disburse');
  // The officer who took the application is not a second person for its money either.
  if (locked.officer_id === checker.id)
    throw conflict('You took this application; another person must approve its disbursement.', {
      code: 'own_request',
    });
  if (cmd.channel === 'cash') {
    await approveForCash(tx, { ...cmd, approvalId, maker, checker });
    return;
  }
  await openLoan(tx, {
    applicationId: cmd.applicationId,
    locked,
    firstDueDate: cmd.firstDueDate,
    approvalId,
    maker,
    checker,
    payout: { kind: 'account' },
  });
}

const currentVersion = async (tx: Database, subjectId: string): Promise<string | null> => {
  const [r] = await queryRows<{ v: string }>(
    tx,
    sql`select version::text as v from loan_applications where id = ${Number(subjectId)}`,
  );
  return r?.v ?? null;
};

/** Registers the disbursement's approval type with the app's four-eyes engine. */
export function registerDisbursement(approvals: Approvals): void {
  approvals.register({
    type: DISBURSE_TYPE,
    currentVersion,
    execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
  });
}
