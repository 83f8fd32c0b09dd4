import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { THEMES } from '@bankmanager/contracts';
import { profiles } from '../../db/schema/auth.ts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { EXPOSED_HEADERS, isUuid, tableApiCaller } from '../auth/index.ts';
import {
  PostgrestError,
  notSingle,
  parseQuery,
  postgrestErrorHandler,
  unknownColumn,
  wantsObject,
  wantsRepresentation,
} from './postgrest.ts';

const TABLE = 'profiles';
const COLUMNS = {
  id: profiles.id,
  full_name: profiles.fullName,
  mobile_no: profiles.mobileNo,
  bank_code: profiles.bankCode,
  theme: profiles.theme,
  created_at: profiles.createdAt,
  updated_at: profiles.updatedAt,
} as const;
type Column = keyof typeof COLUMNS;
const READABLE = Object.keys(COLUMNS) as Column[];
/** The only column a user may change through the table API; everything else has its own flow. */
const WRITABLE = new Set<string>(['theme']);

/** Whose rows the caller may see: a user sees their own row only; the anon key sees none. */
async function rowScope(req: FastifyRequest): Promise<SQL> {
  const caller = await tableApiCaller(req);
  switch (caller.kind) {
    case 'no-api-key':
      throw new PostgrestError(
        401,
        'PGRST301',
        'No API key found in request',
        null,
        'No `apikey` request header or url param was found.',
      );
    case 'anon':
      return sql`false`;
    case 'service-role':
      return sql`true`;
    case 'user':
      return eq(profiles.id, caller.userId);
    case 'invalid':
      throw new PostgrestError(401, 'PGRST301', caller.message);
    case 'insufficient-aal':
      throw new PostgrestError(403, 'insufficient_aal', caller.message);
  }
}

function filters(q: Record<string, string>): SQL[] {
  return Object.entries(q).map(([col, value]) => {
    if ((col === 'id' && !isUuid(value)) || value.length > 256) {
      throw new PostgrestError(
        400,
        '22P02',
        `invalid input syntax for type ${col === 'id' ? 'uuid' : 'text'}: "${value.slice(0, 64)}"`,
      );
    }
    return eq(COLUMNS[col as Column], col === 'id' ? value.toLowerCase() : value);
  });
}

function project(row: Record<string, unknown>, select: string[]) {
  const out: Record<string, unknown> = {};
  for (const c of select) {
    const v = row[c];
    out[c] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

function sendRows(req: FastifyRequest, reply: FastifyReply, rows: Record<string, unknown>[], status = 200) {
  if (wantsObject(req)) {
    if (rows.length !== 1) throw notSingle(rows.length);
    return reply.status(status).header('content-range', '0-0/*').send(rows[0]);
  }
  reply.header('content-range', rows.length ? `0-${rows.length - 1}/*` : '*/0');
  return reply.status(status).send(rows);
}

const selectAll = Object.fromEntries(READABLE.map((c) => [c, COLUMNS[c]])) as {
  [K in Column]: (typeof COLUMNS)[K];
};

/** `/rest/v1/profiles`: the PostgREST subset the SPA uses (docs/auth-protocol.md). */
export async function profilesRestRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJsonBodies(app);
  app.setErrorHandler(postgrestErrorHandler);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  });

  app.get('/profiles', async (req, reply) => {
    const scope = await rowScope(req);
    const q = parseQuery(TABLE, req.query as Record<string, unknown>, READABLE);
    const rows = await app.db
      .select(selectAll)
      .from(profiles)
      .where(and(scope, ...filters(q.eq)))
      .limit(1000);
    return sendRows(
      req,
      reply,
      rows.map((r) => project(r, q.select)),
    );
  });

  app.patch('/profiles', async (req, reply) => {
    const scope = await rowScope(req);
    const q = parseQuery(TABLE, req.query as Record<string, unknown>, READABLE);
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    }
    const patch = body as Record<string, unknown>;
    for (const key of Object.keys(patch)) if (!WRITABLE.has(key)) throw unknownColumn(TABLE, key);
    if (!('theme' in patch)) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    const theme = patch.theme;
    if (theme !== null && !THEMES.includes(theme as never)) {
      throw new PostgrestError(
        400,
        '23514',
        'new row for relation "profiles" violates check constraint "profiles_theme_check"',
      );
    }
    const rows = await app.db.transaction(async (tx) => {
      const updated = await tx
        .update(profiles)
        .set({ theme: theme as 'light' | 'dark' | null, updatedAt: new Date() })
        .where(and(scope, ...filters(q.eq)))
        .returning(selectAll);
      for (const r of updated) {
        await writeAudit(tx, {
          action: 'profile.update',
          outcome: 'success',
          actorId: r.id,
          targetType: 'profile',
          targetId: r.id,
          ip: requestIp(req),
          details: { after: { theme } },
        });
      }
      return updated;
    });
    if (!wantsRepresentation(req)) return reply.status(204).send();
    return sendRows(
      req,
      reply,
      rows.map((r) => project(r, q.select)),
    );
  });
}
