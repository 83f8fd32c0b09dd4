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
import { callerHolds, currentUser, requirePermission } from '../auth/index.ts';
import { approvalByReference, requestApprovalOnce } from '../approvals/index.ts';
import { limitsOf } from '../roles/index.ts';
import { entryIdByReference } from './entry-repository.ts';
import { branchOfGlAccounts } from './gl-repository.ts';
import { auditRefusal, postForRoute } from './http-posting.ts';
import {
  manualJournalEntry,
  manualJournalTotal,
  overManualLimit,
  registerManualJournalCommand,
} from './manual-journal.ts';
import { backValueRefused, outsideValueDateWindow } from './value-date-window.ts';

function actorOf(req: FastifyRequest) {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
}

/**
 * Manual journals (`journal.post`). Over the maker's manual-journal limit the journal becomes a
 * four-eyes request (202 `{ approvalId }`, ADR 0015) that a checker's approval posts. Idempotent by
 * reference either way: a replay answers the first result. Refusals are 409 with details.code and an
 * audit row of their own. Transfers and reversals are the payments module's routes.
 */
export const ledgerPostingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerManualJournalCommand(app.approvals);
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
          'nothing posts until a checker with journal.approve approves. A value_date outside the window around the ' +
          'business date (VALUE_DATE_WINDOW) needs journal.backvalue (else 403 on value_date) and is always 202.',
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
        // A value date outside the window is asked with journal.backvalue, and always four-eyes.
        const backValued = await outsideValueDateWindow(app.db, b.value_date);
        if (backValued && !callerHolds(req, 'journal.backvalue')) {
          await auditRefusal(
            app.db,
            { actor, action: 'ledger.manual_journal', target: b.reference, request: b },
            'value_date_out_of_window',
          );
          throw backValueRefused();
        }
        const over =
          overManualLimit(b, await limitsOf(app.db, u.userId)) ?? (backValued ? manualJournalTotal(b) : null);
        if (over) {
          const { approvalId } = await requestApprovalOnce(app.db, {
            type: 'journal.manual',
            subjectType: 'journal_entry',
            subjectId: b.reference,
            command: b,
            after: { narration: b.narration, lines: b.lines },
            maker: actor,
            branch: await branchOfGlAccounts(
              app.db,
              b.lines.map((l) => l.gl_code),
            ),
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
