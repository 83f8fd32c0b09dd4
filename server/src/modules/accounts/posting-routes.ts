import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ENQUIRY_TEXT,
  postingRequestSchema,
  postingSchema,
  type PostingRecord,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import type { HttpError } from '../../lib/http-error.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requireActivated } from '../auth/index.ts';
import { postOnce, PostingError, type Posting } from '../banking/index.ts';
import { findAccount } from './repository.ts';

const numberParam = z.object({ number: z.string().trim().min(1).max(34) });

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
 * Posting a credit or debit over HTTP (docs/decisions/0009-posting-api.md). Any activated member of staff or
 * superuser may post, like every other banking screen (SPEC §6 has no finer roles yet); the audit row
 * names who did. Refusals are 409 with `details.code`, and are audited too: an attempt to debit a
 * blocked account is exactly what an auditor asks about.
 */
export const postingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accounts/:number/transactions',
    {
      preHandler: requireActivated,
      schema: {
        tags: ['accounts'],
        summary: 'Posts a credit or debit; idempotent by `reference`',
        description:
          '201 with the new posting. The same reference with the same account, direction and amount answers 200 with the ' +
          'original posting and posts nothing (safe to retry after a timeout). The same reference with other content is 409 ' +
          '(details.code reference_conflict). A closed account, a debit to a blocked account and insufficient funds are 409 ' +
          'with details.code account_closed, account_blocked or insufficient_funds; a counter_account that does not take the ' +
          'line is 409 gl_account_not_postable or currency_mismatch. Every posting is a two-line journal entry.',
        security: bearerSecurity,
        params: numberParam,
        body: postingRequestSchema,
        response: { 200: postingSchema, 201: postingSchema, ...apiErrors },
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
      try {
        const { counter_account: counterGlCode, ...body } = req.body;
        const { posting, replayed } = await postOnce(app.db, {
          ...body,
          counterGlCode,
          accountId: account.id,
          actor,
        });
        return reply.status(replayed ? 200 : 201).send(toRecord(posting));
      } catch (err) {
        if (!(err instanceof PostingError)) throw err;
        return refuse(err.code, conflict(err.message, { code: err.code }));
      }
    },
  );
};
