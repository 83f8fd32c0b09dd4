import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LEDGER_PERMISSIONS,
  approvalCreatedSchema,
  journalEntrySchema,
  manualJournalRequestSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { approvalByReference, limitsOf, requestApprovalOnce } from '../roles/index.ts';
import { entryIdByReference } from './entry-repository.ts';
import { postForRoute } from './http-posting.ts';
import { manualJournalEntry, overManualLimit, registerManualJournalCommand } from './manual-journal.ts';

function actorOf(req: FastifyRequest) {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
}

/**
 * Manual journals (`journal.post`). Over the maker's manual-journal limit the journal becomes a
 * four-eyes request (202 `{ approvalId }`, issue 15) that a checker's approval posts. Idempotent by
 * reference either way: a replay answers the first result. Refusals are 409 with details.code and an
 * audit row of their own. Transfers and reversals are the payments module's routes.
 */
export const ledgerPostingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerManualJournalCommand();
  // Permission: journal.post
  app.post(
    '/journal-entries',
    {
      preHandler: requirePermission('journal.post'),
      schema: {
        tags: ['ledger'],
        summary: `Posts a manual journal (GL accounts that allow manual posting); needs ${LEDGER_PERMISSIONS.postJournal}`,
        description:
          'Over the maker’s manual-journal limit (in any currency of the entry) it answers 202 `{ approvalId }`: ' +
          'nothing posts until a checker with journal.approve approves.',
        security: bearerSecurity,
        body: manualJournalRequestSchema,
        response: {
          200: journalEntrySchema,
          201: journalEntrySchema,
          202: approvalCreatedSchema,
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const u = currentUser(req);
      const actor = actorOf(req);
      // The same reference again answers its first result: the approval request, else the entry.
      const asked = await approvalByReference(app.db, 'journal.manual', b.reference);
      if (asked) return reply.status(202).send({ approvalId: asked.id });
      if ((await entryIdByReference(app.db, b.reference)) === null) {
        const over = overManualLimit(b, await limitsOf(app.db, u.userId));
        if (over) {
          const { approvalId } = await requestApprovalOnce(app.db, {
            type: 'journal.manual',
            subjectType: 'journal_entry',
            subjectId: b.reference,
            command: b,
            after: { narration: b.narration, lines: b.lines },
            maker: actor,
            amount: over.amount,
            currency: over.currency,
            reference: b.reference,
          });
          return reply.status(202).send({ approvalId });
        }
      }
      const r = await postForRoute(
        app.db,
        { actor, action: 'ledger.manual_journal', target: b.reference, request: b },
        () => Promise.resolve(manualJournalEntry(b, actor)),
      );
      return reply.status(r.status).send(r.entry);
    },
  );
};
