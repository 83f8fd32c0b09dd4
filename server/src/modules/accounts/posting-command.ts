import { postingRequestSchema } from '@bankmanager/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { type Approvals } from '../approvals/index.ts';
import { LedgerError, ledgerHttpError, postTransactionOnce } from '../ledger/index.ts';
import { findAccount } from './repository.ts';

const postingCommand = postingRequestSchema.extend({ accountNumber: z.string() });

/**
 * The command a checker's approval of an over-limit posting runs: the maker's exact request, posted
 * once (by its reference) in the approval's transaction, with the maker as the posting's actor.
 */
export function registerPostingCommand(approvals: Approvals): void {
  approvals.register({
    type: 'posting',
    // A posting needs no version: the ledger rules (status, funds) are checked when it is made.
    currentVersion: async () => null,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { accountNumber, counter_account: counterGlCode, ...body } = postingCommand.parse(raw);
      const account = await findAccount(tx, accountNumber);
      if (!account) throw notFound(`Account ${accountNumber} no longer exists.`);
      try {
        await postTransactionOnce(tx, {
          ...body,
          counterGlCode,
          accountId: account.id,
          actor: { ...maker, ip: checker.ip },
          description: body.description,
        });
      } catch (err) {
        if (err instanceof LedgerError) throw ledgerHttpError(err, { approvalId });
        throw err;
      }
    },
  });
}
