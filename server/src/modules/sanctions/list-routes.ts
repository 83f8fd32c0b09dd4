import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sanctionsImportAnswerSchema,
  sanctionsImportSchema,
  sanctionsListQuerySchema,
  sanctionsListVersionSchema,
  sanctionsSettingsSchema,
  sanctionsSourceParamSchema,
  SANCTIONS_MAX_FILE_CHARS,
  type SanctionsListQuery,
  type SanctionsListVersion,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { HttpError } from '../../lib/http-error.ts';
import { pageWindow, sendPage, type PageWindow } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { SANCTIONS_IMPORT_APPROVAL } from './commands.ts';
import { activeVersionOf, stageVersion } from './list-import.ts';
import { parseLocalList } from './local-csv.ts';
import { ListFileError, type ParsedList } from './parsed-entry.ts';
import { parseUnList } from './un-xml.ts';

export const SANCTIONS_LISTS_PAGE_SIZE = 25;

async function listVersions(db: Database, q: SanctionsListQuery, w: PageWindow) {
  const where = sql`true ${q.source ? sql`and source = ${q.source}` : sql``}
    ${q.status ? sql`and status = ${q.status}` : sql``}`;
  const rows = await queryRows<SanctionsListVersion>(
    db,
    sql`select id::text, source, version, status, file_name as "fileName", generated_at as "generatedAt",
               entries, added, changed, removed, uploaded_by as "uploadedBy", uploaded_at::text as "uploadedAt",
               approval_id::text as "approvalId", decided_by as "decidedBy", decided_at::text as "decidedAt"
          from sanctions_list_versions where ${where}
         order by uploaded_at desc, id desc limit ${w.limit} offset ${w.offset}`,
  );
  const [t] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sanctions_list_versions where ${where}`,
  );
  return { rows, total: Number(t!.n) };
}

function parseFile(source: 'un' | 'local', content: string): ParsedList {
  try {
    return source === 'un' ? parseUnList(content) : parseLocalList(content);
  } catch (e) {
    if (e instanceof ListFileError)
      throw new HttpError(400, e.message, [{ path: '/content', message: e.message }]);
    throw e;
  }
}

/**
 * `/api/sanctions/lists`: the imports of both lists with their versions and counts, and the upload.
 * An upload is parsed and staged at once (so the checker sees its counts), and comes in force only
 * when a second holder of `aml.lists.import` approves it.
 */
export const sanctionsListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sanctions/lists',
    {
      preHandler: requirePermission('aml.screening'),
      schema: {
        tags: ['sanctions'],
        summary: 'Sanctions list imports (both lists), newest first, with counts; paged, X-Total-Count',
        security,
        querystring: sanctionsListQuerySchema,
        response: { 200: z.array(sanctionsListVersionSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listVersions(app.db, req.query, pageWindow(req.query, SANCTIONS_LISTS_PAGE_SIZE)),
      ),
  );

  app.get(
    '/sanctions/settings',
    {
      preHandler: requirePermission('aml.screening'),
      schema: {
        tags: ['sanctions'],
        summary: 'The matching threshold hits are raised at (data, the sanctions_settings row)',
        security,
        response: { 200: sanctionsSettingsSchema, ...apiErrors },
      },
    },
    async () => {
      const [s] = await queryRows<{ threshold: string }>(
        app.db,
        sql`select threshold::text from sanctions_settings`,
      );
      return { threshold: s!.threshold };
    },
  );

  app.post(
    '/sanctions/lists/:source',
    {
      preHandler: requirePermission('aml.lists.import'),
      // The JSON-escaped file plus room for its name.
      bodyLimit: SANCTIONS_MAX_FILE_CHARS * 2,
      schema: {
        tags: ['sanctions'],
        summary:
          'Uploads a list file (un: the UN consolidated XML; local: CSV) as the next version (four-eyes)',
        description:
          'Parsed and staged with its counts against the version in force; 202 with the approval. It comes in ' +
          'force when another holder of aml.lists.import approves sanctions.list_import. One pending import per list.',
        security,
        params: sanctionsSourceParamSchema,
        body: sanctionsImportSchema,
        response: { 202: sanctionsImportAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const { source } = req.params;
      const parsed = parseFile(source, req.body.content);
      const u = currentUser(req);
      const answer = await app.db.transaction(async (tx) => {
        const inForce = await activeVersionOf(tx, source);
        const staged = await stageVersion(tx, source, req.body.fileName, parsed, u.email).catch(
          (e: unknown) => {
            if (e instanceof ListFileError)
              throw new HttpError(400, e.message, [{ path: '/content', message: e.message }]);
            throw e;
          },
        );
        const { versionId, ...counts } = staged;
        const approvalId = await requestApproval(tx, {
          type: SANCTIONS_IMPORT_APPROVAL,
          subjectType: 'sanctions_list',
          subjectId: source,
          command: { source, versionId },
          before: { versionInForce: inForce },
          after: { fileName: req.body.fileName, ...counts },
          subjectVersion: inForce,
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
          // A list is screened against every branch's customers: bank-wide.
          branch: null,
        });
        await tx.execute(
          sql`update sanctions_list_versions set approval_id = ${approvalId}::uuid where id = ${versionId}::bigint`,
        );
        return { approvalId, versionId, ...counts };
      });
      const { version: _v, ...body } = answer;
      return reply.status(202).send(body);
    },
  );
};
