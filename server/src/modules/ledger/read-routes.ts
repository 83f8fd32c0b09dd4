import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEDGER_PERMISSIONS,
  businessDateSchema,
  glAccountSchema,
  journalEntrySchema,
  journalEntrySummarySchema,
  journalListQuerySchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { notFound } from '../../lib/http-error.ts';
import { sendPage } from '../../lib/paging.ts';
import { assertBranch, listBranch, requireActivatedStaff, requirePermission } from '../auth/index.ts';
import { branchOfAccountOrGl, entryBranches, getEntry, listEntries } from './entry-repository.ts';
import { businessDate, chartWithBalances } from './gl-repository.ts';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The ledger's read routes; the roles issue will require ledger.view (LEDGER_PERMISSIONS.viewLedger). */
export const ledgerReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = `needs ${LEDGER_PERMISSIONS.viewLedger}`;

  app.get(
    '/journal-entries',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['ledger'],
        summary: `Journal entries, newest first, paged and filtered; ${view}`,
        security: bearerSecurity,
        querystring: journalListQuerySchema,
        response: { 200: z.array(journalEntrySummarySchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      // Branch scope, as an account's own history has it: another branch's account is 403, and a
      // caller without branches.all sees only entries with no line in another branch.
      if (req.query.account !== undefined) {
        const branch = await branchOfAccountOrGl(app.db, req.query.account);
        if (branch !== null) assertBranch(req, branch);
      }
      return sendPage(reply, await listEntries(app.db, req.query, listBranch(req, undefined)));
    },
  );

  app.get(
    '/journal-entries/:id',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['ledger'],
        summary: `One journal entry with its lines; ${view}`,
        security: bearerSecurity,
        params: idParam,
        response: { 200: journalEntrySchema, ...apiErrors },
      },
    },
    async (req) => {
      const e = await getEntry(app.db, req.params.id);
      if (!e) throw notFound(`Journal entry ${req.params.id} does not exist`);
      for (const branch of await entryBranches(app.db, req.params.id)) assertBranch(req, branch);
      return e;
    },
  );

  app.get(
    '/gl/accounts',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['ledger'],
        summary: `The chart of accounts with current balances; ${view}`,
        security: bearerSecurity,
        response: { 200: z.array(glAccountSchema), ...apiErrors },
      },
    },
    async () => chartWithBalances(app.db),
  );

  app.get(
    '/business-date',
    {
      preHandler: requireActivatedStaff,
      schema: {
        tags: ['ledger'],
        summary: 'The bank’s current business date',
        security: bearerSecurity,
        response: { 200: businessDateSchema, ...apiErrors },
      },
    },
    async () => businessDate(app.db),
  );
};
