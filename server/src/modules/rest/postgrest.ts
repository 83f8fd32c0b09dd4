import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';

/** A PostgREST error body: `{ code, details, hint, message }`. */
export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

export function postgrestErrorHandler(
  err: FastifyError | PostgrestError,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const send = (e: PostgrestError) =>
    reply.status(e.status).send({ code: e.code, details: e.details, hint: e.hint, message: e.message });
  if (err instanceof PostgrestError) return send(err);
  if (isDatabaseUnavailable(err))
    return send(new PostgrestError(503, 'PGRST000', 'Database client error. Retrying the connection.'));
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) return send(new PostgrestError(status, 'PGRST102', err.message));
  req.log.error({ err }, 'rest request failed');
  return send(new PostgrestError(500, 'PGRST000', 'Internal server error'));
}

export const unknownColumn = (table: string, column: string) =>
  new PostgrestError(
    400,
    'PGRST204',
    `Could not find the '${column.slice(0, 64)}' column of '${table}' in the schema cache`,
  );

export const notSingle = (rows: number) =>
  new PostgrestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export interface ParsedQuery {
  select: string[];
  /** `column=eq.value` filters; other operators are refused. */
  eq: Record<string, string>;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'apikey', 'columns', 'on_conflict']);

/** Parses the subset of PostgREST's query grammar the app uses: `select=a,b` and `col=eq.value`. */
export function parseQuery(
  table: string,
  query: Record<string, unknown>,
  readable: readonly string[],
): ParsedQuery {
  const selectRaw = typeof query.select === 'string' && query.select.trim() !== '' ? query.select : '*';
  const select = selectRaw === '*' ? [...readable] : selectRaw.split(',').map((c) => c.trim());
  for (const c of select) if (!readable.includes(c)) throw unknownColumn(table, c);
  const eq: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    if (!readable.includes(key)) throw unknownColumn(table, key);
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string' || !value.startsWith('eq.')) {
      throw new PostgrestError(
        400,
        'PGRST100',
        `"failed to parse filter (${String(value).slice(0, 64)})" (line 1, column 1)`,
      );
    }
    eq[key] = value.slice(3);
  }
  return { select, eq };
}

export const wantsObject = (req: FastifyRequest): boolean =>
  String(req.headers.accept ?? '').includes('application/vnd.pgrst.object+json');

export const wantsRepresentation = (req: FastifyRequest): boolean =>
  String(req.headers.prefer ?? '').includes('return=representation');
