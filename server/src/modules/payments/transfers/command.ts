import { transferRequestSchema } from '@bankmanager/contracts';
import { z } from 'zod';
import { conflict } from '../../../lib/http-error.ts';
import { LedgerError, postTransferOnce } from '../../ledger/index.ts';
import { approvalActor, approvedBy, type Approvals } from '../../approvals/index.ts';

/** What a transfer request stores: the maker's request with the rate that applied when it was made. */
export const transferCommandSchema = transferRequestSchema.extend({
  rateDetails: z.record(z.string(), z.unknown()).default({}),
});

/**
 * A checker's approval of a transfer over the maker's limit posts the maker's exact transfer once (by
 * its reference), at the rate recorded when it was asked — a request lives one business day, so that
 * is the day's rate — with the maker as actor and the checker in the audit row.
 */
export function registerTransferCommand(approvals: Approvals): void {
  approvals.register({
    type: 'transfer',
    currentVersion: async () => null,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { rateDetails, ...req } = transferCommandSchema.parse(raw);
      try {
        await postTransferOnce(tx, req, approvalActor(maker, checker), {
          ...rateDetails,
          ...approvedBy(approvalId, checker),
        });
      } catch (err) {
        if (err instanceof LedgerError) throw conflict(err.message, { code: err.code, approvalId });
        throw err;
      }
    },
  });
}
