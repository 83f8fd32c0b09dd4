import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LEDGER_PERMISSIONS,
  journalEntrySchema,
  manualJournalRequestSchema,
  reversalRequestSchema,
  transferRequestSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { getEntry } from './entry-repository.ts';
import { LedgerError } from './ledger-error.ts';
import { postEntryOnce } from './post-entry-once.ts';
import type { EntryInput } from './post-entry.ts';
import { reversalEntry } from './reversal.ts';
import { transferEntry } from './transfer.ts';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const answers = { 200: journalEntrySchema, 201: journalEntrySchema, ...apiErrors };

function actorOf(req: FastifyRequest) {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
}

/**
 * The posting routes, each guarded by the permission it needs (LEDGER_PERMISSIONS: journal.post,
 * transfers.create, postings.reverse; per-role limits and four-eyes come next). Refusals are 409 with
 * details.code and leave an audit row of their own (the refused transaction rolled back whole).
 */
export const ledgerPostingRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Posts (at most once per reference) and answers 201 with the entry, or 200 when replayed. */
  async function post(
    req: FastifyRequest,
    action: string,
    target: string,
    build: () => Promise<EntryInput & { reference: string }>,
  ) {
    const actor = actorOf(req);
    try {
      const r = await postEntryOnce(app.db, await build());
      return { status: r.replayed ? 200 : 201, entry: (await getEntry(app.db, r.entryId))! };
    } catch (err) {
      if (!(err instanceof LedgerError)) throw err;
      await writeAudit(app.db, {
        action,
        outcome: 'failure',
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip,
        targetType: 'journal_entry',
        targetId: target,
        details: { reason: err.code, request: req.body as Record<string, unknown> },
      });
      throw toHttp(err);
    }
  }

  // Permission: journal.post
  app.post(
    '/journal-entries',
    {
      preHandler: requirePermission('journal.post'),
      schema: {
        tags: ['ledger'],
        summary: `Posts a manual journal (GL accounts that allow manual posting); needs ${LEDGER_PERMISSIONS.postJournal}`,
        security: bearerSecurity,
        body: manualJournalRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const actor = actorOf(req);
      const r = await post(req, 'ledger.manual_journal', b.reference, () =>
        Promise.resolve({
          source: 'manual',
          narration: b.narration,
          reference: b.reference,
          valueDate: b.value_date,
          businessDate: b.business_date,
          actor,
          lines: b.lines.map((l) => ({
            glCode: l.gl_code,
            currency: l.currency,
            side: l.side,
            amount: l.amount,
          })),
          audit: { action: 'ledger.manual_journal', targetType: 'journal_entry', targetId: b.reference },
        }),
      );
      return reply.status(r.status).send(r.entry);
    },
  );

  // Permission: transfers.create
  app.post(
    '/transfers',
    {
      preHandler: requirePermission('transfers.create'),
      schema: {
        tags: ['ledger'],
        summary: `Transfers between two customer accounts, across currencies at a rate; needs ${LEDGER_PERMISSIONS.createTransfer}`,
        security: bearerSecurity,
        body: transferRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      if (req.body.from_account === req.body.to_account) {
        throw new HttpError(400, 'The two accounts must differ', [
          { path: '/to_account', message: 'must differ from from_account' },
        ]);
      }
      const r = await post(req, 'ledger.transfer', req.body.from_account, () =>
        transferEntry(app.db, req.body, actorOf(req)),
      );
      return reply.status(r.status).send(r.entry);
    },
  );

  // Permission: postings.reverse
  app.post(
    '/journal-entries/:id/reversal',
    {
      preHandler: requirePermission('postings.reverse'),
      schema: {
        tags: ['ledger'],
        summary: `Reverses an entry (once); needs ${LEDGER_PERMISSIONS.reversePosting}`,
        security: bearerSecurity,
        params: idParam,
        body: reversalRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await post(req, 'ledger.reverse', String(req.params.id), () =>
        reversalEntry(app.db, req.params.id, req.body, actorOf(req)),
      );
      return reply.status(r.status).send(r.entry);
    },
  );
};

function toHttp(err: LedgerError): HttpError {
  if (err.code === 'account_not_found' || err.code === 'entry_not_found') return notFound(err.message);
  if (err.code === 'invalid_amount')
    return new HttpError(400, err.message, [{ path: '/amount', message: err.message }]);
  return conflict(err.message, { code: err.code });
}
