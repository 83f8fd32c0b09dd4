import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_CLASS_LABELS,
  LOAN_GRADING_TEXT as G,
  loanClassChangeFields,
  loanClassSettingsSchema,
  loanClassSettingsViewSchema,
  loanGradingRequestedSchema,
  type LoanClassSettings,
  type LoanClassSettingsView,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestApproval, stillPendingSql, type Approvals } from '../approvals/index.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { auditApproved, type Approved } from './grading-lock.ts';

export const CLASS_CHANGE_TYPE = 'loan_classes.change' as const;

/** The buckets in order and the cure count, as the contracts shape them. */
async function settings(db: Database): Promise<LoanClassSettings> {
  const buckets = await queryRows<LoanClassSettings['buckets'][number]>(
    db,
    sql`select code, min_dpd as "minDpd", max_dpd as "maxDpd", performing from loan_classes order by position`,
  );
  const [s] = await queryRows<{ n: number }>(db, sql`select cure_payments as n from loan_grading_settings`);
  return { buckets, curePayments: s!.n };
}

const versionOf = (s: LoanClassSettings) => JSON.stringify(s);

async function pendingChange(db: Database): Promise<string | null> {
  const [p] = await queryRows<{ id: string }>(
    db,
    sql`select q.id::text from approval_requests q
         where q.type = ${CLASS_CHANGE_TYPE} and ${stillPendingSql(sql.raw('q'))} limit 1`,
  );
  return p?.id ?? null;
}

/**
 * The class buckets and the cure count as four-eyes data (ADR 0067): `GET /api/loan-classes` shows
 * them with a change waiting for its checker; `POST /api/loan-classes/changes` asks for new ones,
 * checked whole (contiguous, ascending, every class once); a second holder of
 * `loan_products.manage` approves it in the inbox. Bank-wide: every loan's grade depends on them.
 */
export const loanClassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loan-classes',
    {
      preHandler: requirePermission('loan_products.manage'),
      schema: {
        tags: ['loans'],
        summary: 'The loan class buckets (days past due), the cure count and a pending change',
        security,
        response: { 200: loanClassSettingsViewSchema, ...apiErrors },
      },
    },
    async (): Promise<LoanClassSettingsView> => {
      const s = await settings(app.db);
      return {
        buckets: s.buckets.map((b) => ({ ...b, label: LOAN_CLASS_LABELS[b.code] })),
        curePayments: s.curePayments,
        pendingApprovalId: await pendingChange(app.db),
      };
    },
  );
  app.post(
    '/loan-classes/changes',
    {
      preHandler: requirePermission('loan_products.manage'),
      schema: {
        tags: ['loans'],
        summary:
          'Asks for new class buckets and cure count (four-eyes: another holder of loan_products.manage)',
        security,
        body: loanClassSettingsSchema,
        response: { 202: loanGradingRequestedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const maker = { id: u.userId, email: u.email, ip: requestIp(req) };
      const approvalId = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from loan_grading_settings for update`);
        const pending = await pendingChange(tx);
        if (pending) throw conflict(G.pending, { code: 'pending_approval', approvalId: pending });
        const before = await settings(tx);
        if (versionOf(before) === versionOf(req.body))
          throw badRequest('Invalid request', [{ path: '/buckets', message: G.unchanged }]);
        return requestApproval(tx, {
          type: CLASS_CHANGE_TYPE,
          subjectType: 'loan_classes',
          subjectId: 'buckets',
          command: req.body,
          before: loanClassChangeFields(before),
          after: loanClassChangeFields(req.body),
          maker,
          branch: null,
          subjectVersion: versionOf(before),
        });
      });
      return reply.status(202).send({ approvalId });
    },
  );
};

async function execute(tx: Database, raw: unknown, approved: Approved): Promise<void> {
  const next = loanClassSettingsSchema.parse(raw);
  const before = await settings(tx);
  for (const b of next.buckets)
    await tx.execute(
      sql`update loan_classes set min_dpd = ${b.minDpd}, max_dpd = ${b.maxDpd}, performing = ${b.performing}
           where code = ${b.code}`,
    );
  await tx.execute(sql`update loan_grading_settings set cure_payments = ${next.curePayments}`);
  await auditApproved(tx, approved, {
    action: 'loan_classes.change',
    targetType: 'loan_classes',
    targetId: 'buckets',
    details: { before, after: next },
  });
}

/** Registers the class buckets' change with the app's four-eyes engine. */
export function registerClassChange(approvals: Approvals): void {
  approvals.register({
    type: CLASS_CHANGE_TYPE,
    currentVersion: async (tx) => versionOf(await settings(tx)),
    execute,
  });
}
