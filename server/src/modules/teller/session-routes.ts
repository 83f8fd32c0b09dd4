import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CURRENCIES,
  currentSessionSchema,
  sessionCloseAnswerSchema,
  sessionCloseSchema,
  sessionListQuerySchema,
  sessionOpenSchema,
  sessionTransactionsQuerySchema,
  tellerTransactionSchema,
  TELLER_TEXT,
  tillSessionDetailSchema,
  tillSessionSchema,
  vaultBalanceSchema,
  vaultTransferAnswerSchema,
  vaultTransferRequestSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { tellerOf, type Teller } from './caller.ts';
import { closeSession } from './close-session.ts';
import { openSession } from './open-session.ts';
import { activeSessionOf, listSessions, sessionView, vaultTransferById } from './session-repository.ts';
import { sessionTransactions } from './transaction-repository.ts';
import { scopedBranch } from './scope.ts';
import { vaultBalance, vaultGl } from './vault.ts';
import { requestVaultTransfer } from './vault-transfers.ts';

const idParam = z.object({ id: z.uuid() });

/** The session as its teller or a supervisor of its branch may see it; 404 for anyone else. */
async function visibleSession(req: FastifyRequest, teller: Teller, id: string) {
  const s = await sessionView(req.server.db, id, teller.seesExpected);
  const mine = s?.tellerId === teller.id;
  if (!s || (!mine && !teller.seesExpected)) throw notFound(TELLER_TEXT.noSession);
  if (!mine) assertBranch(req, s.branch);
  return s;
}

/** Till sessions and the vault (docs/teller.md): open, current, the branch's list, close, vault transfers. */
export const tellerSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/teller/sessions',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'Opens the caller’s till session with an allocation from the vault counted by denomination',
        security,
        body: sessionOpenSchema,
        response: { 200: tillSessionDetailSchema, 201: tillSessionDetailSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const teller = tellerOf(req);
      const branch = req.body.branch ?? teller.homeBranch;
      if (!branch)
        throw badRequest('Choose the branch of the till', [{ path: '/branch', message: 'Choose a branch' }]);
      assertBranch(req, branch);
      const r = await openSession(app.db, teller, req.body, branch);
      return reply
        .status(r.replayed ? 200 : 201)
        .send((await sessionView(app.db, r.id, teller.seesExpected))!);
    },
  );

  app.get(
    '/teller/sessions/current',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'The caller’s till session that is not closed yet (open, or counted and awaiting sign-off)',
        security,
        response: { 200: currentSessionSchema, ...apiErrors },
      },
    },
    async (req) => {
      const teller = tellerOf(req);
      const s = await activeSessionOf(app.db, teller.id);
      return { session: s ? await sessionView(app.db, s.id, teller.seesExpected) : null };
    },
  );

  app.get(
    '/teller/sessions',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'The tills of a branch with their expected cash (the supervisor’s view), newest first',
        security,
        querystring: sessionListQuerySchema,
        response: { 200: z.array(tillSessionSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = scopedBranch(req, req.query.branch);
      const page = await listSessions(app.db, { ...req.query, branch }, pageWindow(req.query, 25), true);
      return sendPage(reply, page);
    },
  );

  app.get(
    '/teller/sessions/:id',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'One till session with its vault transfers (its teller, or a supervisor of its branch)',
        security,
        params: idParam,
        response: { 200: tillSessionDetailSchema, ...apiErrors },
      },
    },
    async (req) => visibleSession(req, tellerOf(req), req.params.id),
  );

  app.get(
    '/teller/sessions/:id/transactions',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'The session’s cash deposits and withdrawals, newest first',
        security,
        params: idParam,
        querystring: sessionTransactionsQuerySchema,
        response: { 200: z.array(tellerTransactionSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      await visibleSession(req, tellerOf(req), req.params.id);
      const page = await sessionTransactions(
        app.db,
        req.params.id,
        req.query.status,
        pageWindow(req.query, 25),
      );
      return sendPage(reply, page);
    },
  );

  app.post(
    '/teller/sessions/:id/close',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary:
          'Closes the caller’s session with a blind count: 200 closed, 202 when a difference needs sign-off',
        security,
        params: idParam,
        body: sessionCloseSchema,
        response: { 200: sessionCloseAnswerSchema, 202: sessionCloseAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const teller = tellerOf(req);
      const r = await closeSession(app.db, teller, req.params.id, req.body, (b) => assertBranch(req, b));
      const session = (await sessionView(app.db, req.params.id, teller.seesExpected))!;
      return reply.status(r.status).send({ approvalId: r.approvalId, session });
    },
  );

  app.post(
    '/teller/sessions/:id/vault-transfers',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'Asks to buy cash from or sell cash to the vault (four-eyes, teller.vault): 202',
        security,
        params: idParam,
        body: vaultTransferRequestSchema,
        response: { 202: vaultTransferAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const r = await requestVaultTransfer(app.db, tellerOf(req), req.params.id, req.body, (b) =>
        assertBranch(req, b),
      );
      return reply
        .status(202)
        .send({ approvalId: r.approvalId, transfer: await vaultTransferById(app.db, r.transferId) });
    },
  );

  app.get(
    '/teller/vault',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'The branch vault’s balance per currency (GL 1010-<branch>)',
        security,
        querystring: z.object({
          branch: z
            .string()
            .regex(/^\d{3}$/)
            .optional(),
        }),
        response: { 200: vaultBalanceSchema, ...apiErrors },
      },
    },
    async (req) => {
      const branch = scopedBranch(req, req.query.branch) ?? currentUser(req).homeBranch;
      if (!branch || branch === '(none)')
        throw badRequest('Choose a branch', [{ path: '/branch', message: 'Choose a branch' }]);
      const balances = await Promise.all(
        CURRENCIES.map(async (currency) => ({
          currency,
          balance: await vaultBalance(app.db, branch, currency),
        })),
      );
      return { branch, glCode: vaultGl(branch), balances };
    },
  );
};
