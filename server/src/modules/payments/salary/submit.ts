import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-error.ts';
import { requestApproval, type ApprovalActor } from '../../approvals/index.ts';
import { refuse } from '../accounts.ts';
import { getBatch, lockBatch } from './batches.ts';
import { validateBatch } from './lines.ts';

/**
 * Submits a draft for four-eyes approval, under the batch's row lock: every line clean, at least one
 * line, the total within the employer's available balance. Submitting again while the request waits
 * (or after it posted) answers the same request; after a request expired unread, a new one is made.
 */
export async function submitBatch(db: Database, id: number, maker: ApprovalActor): Promise<string> {
  return db.transaction(async (tx) => {
    const locked = await lockBatch(tx, id);
    if (!locked) throw notFound(`Salary batch ${id} does not exist`);
    if (locked.status !== 'draft') {
      const batch = (await getBatch(tx, id))!;
      if (batch.approval_id && batch.approval_status !== 'expired') return batch.approval_id;
    }
    // Accounts may have changed since the upload: the report the checker sees is today's.
    await validateBatch(tx, id);
    const b = (await getBatch(tx, id))!;
    if (b.line_count === 0) throw refuse('batch_empty');
    if (b.problem_count > 0) throw refuse('batch_has_problems', undefined, { problems: b.problems });
    if (b.over_available)
      throw refuse('batch_over_available', undefined, { total: b.total, available: b.available });
    const approvalId = await requestApproval(tx, {
      type: 'salary.batch',
      subjectType: 'salary_batch',
      subjectId: String(id),
      subjectVersion: String(b.version),
      command: { batchId: id },
      before: { employer: b.employer_account, available: b.available },
      after: { lines: b.line_count, total: b.total, narration: b.narration },
      maker,
      branch: b.branch,
      amount: b.total,
      currency: b.currency,
    });
    await tx.execute(sql`update salary_batches set status = 'submitted', approval_id = ${approvalId}::uuid,
                         submitted_at = now() where id = ${id}`);
    return approvalId;
  });
}
