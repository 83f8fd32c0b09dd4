import { z } from 'zod';
import { conflict } from '../../../lib/http-error.ts';
import { LedgerError, postEntryOnce, reversalEntry } from '../../ledger/index.ts';
import { approvalActor, approvedBy, type Approvals } from '../../approvals/index.ts';
import { undoRepayment } from '../../loans/index.ts';

export const reversalCommandSchema = z.object({
  entryId: z.number().int().min(1),
  reason: z.string(),
  reference: z.string(),
  narration: z.string().optional(),
});
export type ReversalCommand = z.infer<typeof reversalCommandSchema>;

/**
 * A checker's approval posts the reversal entry: the original's lines on the other sides, pointing
 * at it (the database refuses a second one), the maker as actor, the reason and the checker in the
 * audit row. The posting trigger applies to it as to any entry (a reversal that would overdraw an
 * account is refused, 409). A loan repayment's reversal also undoes its allocation (the loans module).
 */
export function registerReversalCommand(approvals: Approvals): void {
  approvals.register({
    type: 'posting.reversal',
    currentVersion: async () => null,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const c = reversalCommandSchema.parse(raw);
      try {
        const entry = await reversalEntry(tx, c.entryId, c, approvalActor(maker, checker), {
          reason: c.reason,
          ...approvedBy(approvalId, checker),
        });
        const posted = await postEntryOnce(tx, entry);
        // A loan repayment's entry: its allocation is undone with it, in this transaction.
        if (!posted.replayed)
          await undoRepayment(tx, c.entryId, posted.entryId, {
            ...approvalActor(maker, checker),
            details: { reason: c.reason, ...approvedBy(approvalId, checker) },
          });
      } catch (err) {
        if (err instanceof LedgerError) throw conflict(err.message, { code: err.code, approvalId });
        throw err;
      }
    },
  });
}
