import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ENQUIRY_TEXT,
  accountNumberSchema,
  PERMISSION_TEXT,
  approvalCreatedSchema,
  postingRequestSchema,
  postingSchema,
  type PostingRecord,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notFound } from '../../lib/http-error.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, inBranchScope, requirePermission } from '../auth/index.ts';
import { needsChecker, requestApproval } from '../approvals/index.ts';
import { LedgerError, ledgerHttpError, postTransactionOnce, type Posting } from '../ledger/index.ts';
import { counterAccountRefusal } from './counter-account.ts';
import { registerPostingCommand } from './posting-command.ts';
import { findAccount } from './repository.ts';

// Check digits validated before any lookup (ADR 0019): a typo is 400 with the contracts' message.
const numberParam = z.object({ number: accountNumberSchema });

const toRecord = (p: Posting): PostingRecord => ({
  id: String(p.id),
  account_number: p.accountNumber,
  direction: p.direction,
  amount: p.amount,
  balance_after: p.balanceAfter,
  posted_at: p.postedAt.toISOString(),
  value_date: p.valueDate,
  reference: p.reference,
  entry_id: String(p.entryId),
});

/**
 * Posting a credit or debit over HTTP (docs/decisions/0009-posting-api.md). The caller needs
 * `journal.post` and the account's branch in scope; an amount over their manual-journal limit becomes
 * a four-eyes request (202 `{ approvalId }`) that a checker's approval posts. The audit row
 * names who did. Refusals are 409 with `details.code`, and are audited too: an attempt to debit a
 * blocked account is exactly what an auditor asks about.
 */
export const postingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPostingCommand(app.approvals);
  app.post(
    '/accounts/:number/transactions',
    {
      preHandler: requirePermission('journal.post'),
      schema: {
        tags: ['accounts'],
        summary: 'Posts a credit or debit; idempotent by `reference`',
        description:
          '201 with the new posting. The same reference with the same account, direction and amount answers 200 with the ' +
          'original posting and posts nothing (safe to retry after a timeout). The same reference with other content is 409 ' +
          '(details.code reference_conflict). A closed account, a debit to a blocked account and insufficient funds are 409 ' +
          'with details.code account_closed, account_blocked or insufficient_funds; a credit that would take the balance past ' +
          'numeric(18,2) is 409 balance_out_of_range; a counter_account that is not open to account postings ' +
          '(only suspense and clearing accounts are: never cash, vault, till, equity, income or control accounts) or ' +
          'does not take the line is 409 gl_account_not_postable or currency_mismatch. Every posting is a two-line journal entry.',
        security: bearerSecurity,
        params: numberParam,
        body: postingRequestSchema,
        response: { 200: postingSchema, 201: postingSchema, 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const actor = { id: u.userId, email: u.email, ip: requestIp(req) };
      const { number } = req.params;
      const refuse = async (reason: string, err: HttpError): Promise<never> => {
        await writeAudit(app.db, {
          action: 'banking.post_transaction',
          outcome: 'failure',
          actorId: actor.id,
          actorEmail: actor.email,
          ip: actor.ip,
          targetType: 'account',
          targetId: number,
          details: { reason, ...req.body },
        });
        throw err;
      };

      const account = await findAccount(app.db, number);
      if (!account) return refuse('account_not_found', notFound(ACCOUNT_ENQUIRY_TEXT.notFound(number)));
      if (!inBranchScope(req, account.branchCode))
        return refuse(
          'other_branch',
          new HttpError(403, PERMISSION_TEXT.otherBranch, { permission: 'branches.all' }),
        );
      // Before a four-eyes request too: no checker should be asked to approve a refused counter-account.
      const counterRefused = await counterAccountRefusal(app.db, req, req.body.counter_account);
      if (counterRefused) return refuse(counterRefused.reason, counterRefused.error);
      const overLimits = await needsChecker(app.db, app.approvals.limits, {
        type: 'posting',
        makerId: u.userId,
        currency: account.currency,
        amount: req.body.amount,
        debitedAccount: req.body.direction === 'debit' ? number : undefined,
      });
      if (overLimits) {
        // Over the maker's limit: a request a checker approves; nothing is posted now.
        const approvalId = await app.db.transaction((tx) =>
          requestApproval(tx, {
            type: 'posting',
            subjectType: 'account',
            subjectId: number,
            command: { accountNumber: number, ...req.body },
            before: { balance: account.balance },
            after: { [req.body.direction]: req.body.amount, reference: req.body.reference },
            maker: actor,
            branch: account.branchCode,
            amount: req.body.amount,
            currency: account.currency,
          }),
        );
        return reply.status(202).send({ approvalId });
      }
      try {
        const { counter_account: counterGlCode, ...body } = req.body;
        const { posting, replayed } = await postTransactionOnce(app.db, {
          ...body,
          counterGlCode,
          accountId: account.id,
          actor,
        });
        return reply.status(replayed ? 200 : 201).send(toRecord(posting));
      } catch (err) {
        if (!(err instanceof LedgerError)) throw err;
        return refuse(err.code, ledgerHttpError(err));
      }
    },
  );
};
