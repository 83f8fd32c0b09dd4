import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_REFUSAL_TEXT,
  POSTING_TEXT,
  approvalCreatedSchema,
  reversalRequestSchema,
} from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { apiErrors, bearerSecurity } from '../../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../../auth/index.ts';
import { auditRefusal } from '../../ledger/index.ts';
import { assertRepaymentReversible } from '../../loans/index.ts';
import { approvalByReference, requestApprovalOnce, stillPendingSql } from '../../approvals/index.ts';
import { actorOf, refuse } from '../accounts.ts';
import { registerReversalCommand } from './command.ts';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

interface EntryFacts extends Record<string, unknown> {
  reversal_of: string | null;
  reversed_by: string | null;
  narration: string;
  currency: string | null;
  amount: string | null;
  branches: string[];
}

/** What a reversal request needs to know of an entry: its links, its first currency's total, its branches. */
async function entryFacts(db: Database, id: number): Promise<EntryFacts | null> {
  const [e] = await queryRows<EntryFacts>(
    db,
    sql`select e.reversal_of::text as reversal_of, e.narration,
               (select r.id::text from journal_entries r where r.reversal_of = e.id) as reversed_by,
               t.currency, t.amount,
               array(select distinct a.branch_code from transactions x join accounts a on a.id = x.account_id where x.entry_id = e.id
                     union select distinct g.branch_code from gl_lines l join gl_accounts g on g.code = l.gl_code
                           where l.entry_id = e.id and g.branch_code is not null) as branches
        from journal_entries e
        left join lateral (select l.currency, sum(l.amount)::numeric(18,2)::text as amount from journal_lines l
                           where l.entry_id = e.id and l.side = 'debit' group by l.currency order by l.currency limit 1) t on true
        where e.id = ${id}`,
  );
  return e ?? null;
}

/**
 * Reversals (docs/payments.md): a person with `postings.reverse` asks, with a reason; a second person
 * with `journal.approve` (and an approval limit covering the entry) approves, and only then the
 * reversal entry posts. Always four-eyes: the answer is 202 `{ approvalId }`. A reversal of a
 * reversal, of an entry already reversed, or of one with a reversal waiting is 409. Idempotent by
 * reference.
 */
export const reversalRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReversalCommand(app.approvals);

  app.post(
    '/journal-entries/:id/reversal',
    {
      preHandler: requirePermission('postings.reverse'),
      schema: {
        tags: ['payments'],
        summary: 'Asks for the reversal of an entry (four-eyes, with a reason); 202 `{ approvalId }`',
        description:
          '409 details.code: reversal_of_reversal, already_reversed, reversal_pending (another request waits), ' +
          'not_newest_repayment (a loan repayment with a later one standing: newest first), ' +
          'reference_conflict (the reference asked for another entry). The same reference again answers the same request.',
        security: bearerSecurity,
        params: idParam,
        body: reversalRequestSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const b = req.body;
      const actor = actorOf(req);
      const who = { actor, action: 'ledger.reverse', target: String(id), request: b };
      const asked = await approvalByReference(app.db, 'posting.reversal', b.reference);
      if (asked) {
        if (asked.subjectId === String(id)) return reply.status(202).send({ approvalId: asked.id });
        await auditRefusal(app.db, who, 'reference_conflict');
        throw conflict(POSTING_TEXT.referenceConflict(b.reference), { code: 'reference_conflict' });
      }
      const facts = await entryFacts(app.db, id);
      if (!facts) throw notFound(`Journal entry ${id} does not exist`);
      for (const branch of facts.branches) assertBranch(req, branch);
      // Checked again under the entry's row lock, so two requests at once cannot both pass.
      const check = async (f: EntryFacts, tx: Database) => {
        if (f.reversal_of !== null) throw refuse('reversal_of_reversal');
        if (f.reversed_by !== null)
          throw refuse('already_reversed', PAYMENT_REFUSAL_TEXT.already_reversed, {
            reversedBy: f.reversed_by,
          });
        const [pending] = await queryRows<{ id: string }>(
          tx,
          sql`select id from approval_requests where type = 'posting.reversal' and subject_id = ${String(id)}
              and ${stillPendingSql()} limit 1`,
        );
        if (pending) throw refuse('reversal_pending', undefined, { approvalId: pending.id });
        await assertRepaymentReversible(tx, id);
      };
      try {
        const { approvalId } = await requestApprovalOnce(
          app.db,
          {
            type: 'posting.reversal',
            subjectType: 'journal_entry',
            subjectId: String(id),
            command: { entryId: id, reason: b.reason, reference: b.reference, narration: b.narration },
            before: { entry: id, narration: facts.narration },
            after: { reversal: `every line of entry ${id} on the other side`, reason: b.reason },
            maker: actor,
            // An entry across branches (or none) is decided bank-wide, by a checker with branches.all.
            branch: facts.branches.length === 1 ? facts.branches[0]! : null,
            amount: facts.amount,
            currency: facts.currency,
            reference: b.reference,
          },
          async (tx) => {
            await tx.execute(sql`select id from journal_entries where id = ${id} for update`);
            await check((await entryFacts(tx, id))!, tx);
          },
        );
        return reply.status(202).send({ approvalId });
      } catch (err) {
        const code = (err as { details?: { code?: string } }).details?.code;
        if (code) await auditRefusal(app.db, who, code);
        throw err;
      }
    },
  );
};
