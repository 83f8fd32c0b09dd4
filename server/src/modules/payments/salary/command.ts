import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { writeAudit } from '../../audit/index.ts';
import { LedgerError, postBulkEntry } from '../../ledger/index.ts';
import { approvalActor, approvedBy, type Approvals, type ApprovalActor } from '../../approvals/index.ts';
import { refuse } from '../accounts.ts';
import { getBatch, lockBatch } from './batches.ts';
import { checkOffLoans } from './check-off.ts';

const commandSchema = z.object({ batchId: z.number().int().min(1) });

/** The journal reference of a batch's posting: one entry per batch, ever. */
export const salaryEntryReference = (batchId: number) => `SALARY-${batchId}`;

/**
 * Posts an approved batch as one balanced journal: one debit to the employer, one credit per line
 * (postBulkEntry: a single INSERT … SELECT through the posting trigger). All or nothing: any refusal
 * rolls the whole batch back and the approval stays pending with the reason (409). Lines naming a
 * loan then pay its instalment from the salary just credited (salary check-off, check-off.ts).
 */
export async function postBatch(
  tx: Database,
  batchId: number,
  who: { maker: ApprovalActor; checker: ApprovalActor; approvalId: string },
): Promise<number> {
  const locked = await lockBatch(tx, batchId);
  if (!locked) throw notFound(`Salary batch ${batchId} does not exist`);
  if (locked.status !== 'submitted') throw refuse('batch_not_draft');
  // Lines were checked at submission and cannot change since (version). An account closed or blocked
  // since is refused by the posting trigger itself, and the whole batch rolls back.
  const batch = (await getBatch(tx, batchId))!;
  if (batch.problem_count > 0) throw refuse('batch_has_problems', undefined, { problems: batch.problems });
  if (batch.line_count === 0) throw refuse('batch_empty');
  const [employer] = await queryRows<{ id: string }>(
    tx,
    sql`select employer_account_id as id from salary_batches where id = ${batchId}`,
  );
  try {
    const posted = await postBulkEntry(tx, {
      source: 'transfer',
      narration: `Salary batch ${batchId}: ${batch.narration}`.slice(0, 140),
      reference: salaryEntryReference(batchId),
      actor: approvalActor(who.maker, who.checker),
      lines: [{ accountId: Number(employer!.id), side: 'debit', amount: batch.total }],
      bulk: {
        side: 'credit',
        rows: sql`select account_id, amount, nullif(narration, '') as description
                  from salary_batch_lines where batch_id = ${batchId}`,
      },
      audit: {
        action: 'payments.salary_post',
        targetType: 'salary_batch',
        targetId: String(batchId),
        details: { lines: batch.line_count, total: batch.total, ...approvedBy(who.approvalId, who.checker) },
      },
    });
    await tx.execute(sql`update salary_batches set status = 'posted', entry_id = ${posted.id}, posted_at = now()
                         where id = ${batchId}`);
    const checkOff = await checkOffLoans(tx, batchId, approvalActor(who.maker, who.checker));
    if (checkOff.lines > 0)
      await writeAudit(tx, {
        action: 'payments.salary_check_off',
        outcome: 'success',
        actorId: who.maker.id,
        actorEmail: who.maker.email,
        ip: who.checker.ip,
        targetType: 'salary_batch',
        targetId: String(batchId),
        details: { ...checkOff, ...approvedBy(who.approvalId, who.checker) },
      });
    return posted.id;
  } catch (err) {
    if (err instanceof LedgerError)
      throw conflict(`Salary batch ${batchId} was not posted: ${err.message}`, {
        code: err.code,
        approvalId: who.approvalId,
      });
    throw err;
  }
}

/** The `salary.batch` approval: the batch's version guards against lines changed after submission. */
export function registerSalaryCommand(approvals: Approvals): void {
  approvals.register({
    type: 'salary.batch',
    async currentVersion(tx, subjectId) {
      const [r] = await queryRows<{ version: number }>(
        tx,
        sql`select version from salary_batches where id = ${Number(subjectId)}`,
      );
      return r ? String(r.version) : null;
    },
    async execute(tx, raw, ctx) {
      await postBatch(tx, commandSchema.parse(raw).batchId, ctx);
    },
    // Rejected or withdrawn: the batch is a draft again, to fix and submit anew.
    async onEnded(tx, raw, { approvalId, outcome, by, reason }) {
      const { batchId } = commandSchema.parse(raw);
      await tx.execute(sql`update salary_batches set status = 'draft', version = version + 1
                           where id = ${batchId} and status = 'submitted' and approval_id = ${approvalId}::uuid`);
      await writeAudit(tx, {
        action: 'payments.salary_returned',
        outcome: 'success',
        actorId: by.id,
        actorEmail: by.email,
        ip: by.ip,
        targetType: 'salary_batch',
        targetId: String(batchId),
        details: { approvalId, outcome, reason },
      });
    },
  });
}
