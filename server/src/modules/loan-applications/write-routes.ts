import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LOAN_APPLICATION_TEXT as T,
  LOAN_APPLICATION_TRANSITIONS as TR,
  loanApplicationAnswerSchema,
  loanApplicationIdParam,
  loanApplicationInputSchema,
  loanApprovalAuthority,
  loanAppraiseSchema,
  loanReasonSchema,
  type LoanApplicationAction,
} from '@bankmanager/contracts';
import { conflict } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { appraisalFacts } from './appraisal.ts';
import { checkApplication, invalid } from './checks.ts';
import { requestLoanApproval } from './commands.ts';
import { bodyOf, saveContent } from './content.ts';
import { getApplication } from './rows.ts';
import { lockFor, record, type Actor } from './transition.ts';

const ok = { 200: loanApplicationAnswerSchema, ...apiErrors };
const created = { 201: loanApplicationAnswerSchema, ...apiErrors };
const guard = (action: LoanApplicationAction) => requirePermission(TR[action].permission);

const actor = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
};

/**
 * The lifecycle's actions (contracts' LOAN_APPLICATION_TRANSITIONS): each checks the caller's
 * permission and branch, locks the application, refuses a state the table does not start from, and
 * writes the new state, a history row and the audit row in one transaction.
 */
export const loanApplicationWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const respond = async (id: number, approvalId: string | null = null) => ({
    application: await getApplication(app.db, id),
    approvalId,
  });

  app.post(
    '/loan-applications',
    {
      preHandler: guard('create'),
      schema: {
        tags: ['loan-applications'],
        summary: 'Saves a new loan application as a Draft (the rules are checked now and at submission)',
        security,
        body: loanApplicationInputSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const resolved = await checkApplication(app.db, req.body);
      assertBranch(req, resolved.branch);
      const who = actor(req);
      const id = await app.db.transaction(async (tx) => {
        const newId = await saveContent(tx, null, req.body, resolved, who);
        await record(tx, { id: newId, status: 'Draft' }, 'create', who, {
          details: { custId: req.body.custId, product: resolved.product.code, amount: req.body.amount },
        });
        return newId;
      });
      return reply.status(201).send(await respond(id));
    },
  );

  app.put(
    '/loan-applications/:id',
    {
      preHandler: guard('edit'),
      schema: {
        tags: ['loan-applications'],
        summary: 'Replaces a Draft’s content',
        security,
        params: loanApplicationIdParam,
        body: loanApplicationInputSchema,
        response: ok,
      },
    },
    async (req) => {
      const before = await getApplication(app.db, req.params.id);
      assertBranch(req, before.branch);
      const resolved = await checkApplication(app.db, req.body);
      assertBranch(req, resolved.branch);
      const who = actor(req);
      await app.db.transaction(async (tx) => {
        const a = await lockFor(tx, req.params.id, 'edit');
        await saveContent(tx, a.id, req.body, resolved, who);
        await record(tx, a, 'edit', who, { details: { amount: req.body.amount, term: req.body.term } });
      });
      return respond(req.params.id);
    },
  );

  app.post(
    '/loan-applications/:id/submit',
    {
      preHandler: guard('submit'),
      schema: {
        tags: ['loan-applications'],
        summary: 'Submits a Draft for appraisal, checking every rule again against today’s data',
        security,
        params: loanApplicationIdParam,
        response: ok,
      },
    },
    async (req) => {
      const current = await getApplication(app.db, req.params.id);
      assertBranch(req, current.branch);
      const body = bodyOf(current);
      const resolved = await checkApplication(app.db, body);
      const who = actor(req);
      await app.db.transaction(async (tx) => {
        const a = await lockFor(tx, req.params.id, 'submit');
        // The content is written again so it carries the product's newest version.
        await saveContent(tx, a.id, body, resolved, { ...who, id: a.officer_id });
        await record(tx, a, 'submit', who);
      });
      return respond(req.params.id);
    },
  );

  app.post(
    '/loan-applications/:id/appraise',
    {
      preHandler: guard('appraise'),
      schema: {
        tags: ['loan-applications'],
        summary:
          'Records the credit officer’s appraisal and recommendation, and asks the approval authority (four-eyes)',
        security,
        params: loanApplicationIdParam,
        body: loanAppraiseSchema,
        response: ok,
      },
    },
    async (req) => {
      const current = await getApplication(app.db, req.params.id);
      assertBranch(req, current.branch);
      const { schedule, ...facts } = await appraisalFacts(app.db, current);
      const override = req.body.overrideReason?.trim() || null;
      if (facts.flags.length > 0 && !override)
        throw invalid([{ path: '/overrideReason', message: T.overrideRequired }]);
      const who = actor(req);
      const authority = loanApprovalAuthority(current.amount, current.currency);
      const approvalId = await app.db.transaction(async (tx) => {
        const a = await lockFor(tx, req.params.id, 'appraise');
        if (a.pending) throw conflict(T.pendingApproval, { code: 'pending_approval', approvalId: a.pending });
        await tx.execute(sql`update loan_applications set recommendation = ${req.body.recommendation},
            appraisal_notes = ${req.body.notes}, override_reason = ${override}, appraisal = ${JSON.stringify(facts)}::jsonb,
            appraised_by = ${who.id}::uuid, appraised_by_email = ${who.email}, appraised_at = now()
          where id = ${a.id}`);
        await record(tx, a, 'appraise', who, {
          reason: override,
          details: { recommendation: req.body.recommendation, flags: facts.flags.map((f) => f.code) },
        });
        const summary = {
          application: a.id,
          customer: `${current.customerName} (${current.custId})`,
          product: current.productName,
          amount: current.amount,
          currency: current.currency,
          term: current.term,
          rate: current.rate,
          instalment: schedule.instalments[0]?.total ?? null,
          recommendation: req.body.recommendation,
          flags: facts.flags.map((f) => f.label),
          dsr: facts.dsr?.ratio ?? null,
          coverageRatio: facts.coverageRatio,
          overrideReason: override,
          authority: authority.label,
        };
        return requestLoanApproval(tx, authority, { ...a, version: a.version + 1 }, 1, summary, who);
      });
      return respond(req.params.id, approvalId);
    },
  );

  for (const action of ['reject', 'withdraw'] as const)
    app.post(
      `/loan-applications/:id/${action}`,
      {
        preHandler: guard(action),
        schema: {
          tags: ['loan-applications'],
          summary:
            action === 'reject'
              ? 'Rejects a Submitted or Appraised application (none pending in the approvals inbox)'
              : 'Withdraws an application at the customer’s request (none pending in the approvals inbox)',
          security,
          params: loanApplicationIdParam,
          body: loanReasonSchema,
          response: ok,
        },
      },
      async (req) => {
        const current = await getApplication(app.db, req.params.id);
        assertBranch(req, current.branch);
        const who = actor(req);
        await app.db.transaction(async (tx) => {
          const a = await lockFor(tx, req.params.id, action);
          if (a.pending)
            throw conflict(T.pendingApproval, { code: 'pending_approval', approvalId: a.pending });
          await tx.execute(
            sql`update loan_applications set decision_reason = ${req.body.reason} where id = ${a.id}`,
          );
          await record(tx, a, action, who, { reason: req.body.reason });
        });
        return respond(req.params.id);
      },
    );
};
