import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_CLASSES,
  LOAN_CLASS_LABELS,
  LOAN_GRADING_TEXT as G,
  loanDowngradeSchema,
  loanGradingRequestedSchema,
  loanIdParam,
  type LoanClass,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestApproval, type Approvals } from '../approvals/index.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import {
  assertGradable,
  assertNoPendingGrading,
  auditApproved,
  gradedLoan,
  startCureWatch,
  type Approved,
} from './grading-lock.ts';

export const DOWNGRADE_TYPE = 'loan.downgrade' as const;

interface DowngradeCommand {
  loanId: number;
  loanClass: LoanClass;
  reason: string;
}

const rank = (c: LoanClass | null) => (c === null ? -1 : LOAN_CLASSES.indexOf(c));

/**
 * `POST /api/loans/:id/downgrade`: a credit officer asks for a worse grade than the loan has, with a
 * reason; a second person with loan approval in the loan's branch decides it in the inbox. The grade
 * counts from the next end of day's classification, which never grades the loan better until cured.
 */
export const loanDowngradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loans/:id/downgrade',
    {
      preHandler: requirePermission('loans.appraise'),
      schema: {
        tags: ['loans'],
        summary:
          'Asks for a manual downgrade of the loan (four-eyes: a checker with loan approval in the branch)',
        security,
        params: loanIdParam,
        body: loanDowngradeSchema,
        response: { 202: loanGradingRequestedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const maker = { id: u.userId, email: u.email, ip: requestIp(req) };
      const approvalId = await app.db.transaction(async (tx) => {
        const l = await gradedLoan(tx, req.params.id, true);
        assertBranch(req, l.branch);
        assertGradable(l);
        await assertNoPendingGrading(tx, l.id);
        if (rank(req.body.loanClass) <= Math.max(rank(l.loan_class), rank(l.manual_class)))
          throw badRequest('Invalid request', [{ path: '/loanClass', message: G.notWorse }]);
        return requestApproval(tx, {
          type: DOWNGRADE_TYPE,
          subjectType: 'loan',
          subjectId: String(l.id),
          command: { loanId: l.id, ...req.body } satisfies DowngradeCommand,
          before: { loan: l.id, customer: l.customer, class: LOAN_CLASS_LABELS[l.loan_class] },
          after: { loan: l.id, manualGrade: LOAN_CLASS_LABELS[req.body.loanClass], reason: req.body.reason },
          maker,
          branch: l.branch,
          subjectVersion: l.version,
        });
      });
      return reply.status(202).send({ approvalId });
    },
  );
};

async function execute(tx: Database, raw: unknown, approved: Approved): Promise<void> {
  const cmd = raw as DowngradeCommand;
  const l = await gradedLoan(tx, cmd.loanId, true);
  assertGradable(l);
  await tx.execute(sql`update loans set manual_class = ${cmd.loanClass} where id = ${l.id}`);
  await startCureWatch(tx, l.id);
  await auditApproved(tx, approved, {
    action: 'loan.downgrade',
    targetType: 'loan',
    targetId: String(l.id),
    details: {
      from: l.loan_class,
      manualClass: cmd.loanClass,
      previousManualClass: l.manual_class,
      reason: cmd.reason,
    },
  });
}

const currentVersion = async (tx: Database, subjectId: string) =>
  (await gradedLoan(tx, Number(subjectId))).version;

/** Registers the manual downgrade with the app's four-eyes engine. */
export function registerDowngrade(approvals: Approvals): void {
  approvals.register({
    type: DOWNGRADE_TYPE,
    currentVersion,
    execute,
  });
}
