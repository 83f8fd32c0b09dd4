import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/** Deeper JSON than any client of ours sends; far deeper would overflow recursive code (500). */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when `text` (JSON) nests arrays and objects deeper than `limit`; one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function charsetOf(req: FastifyRequest): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(String(req.headers['content-type'] ?? ''));
  return m?.[1]?.toLowerCase();
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The JSON body parser of every route: UTF-8 only (a body declared in another charset is 415, bytes
 * that are not UTF-8 are 400, rather than being stored as U+FFFD), nesting bounded, then Fastify's
 * own parser (prototype poisoning refused). `emptyAsNoBody`: an empty body counts as none, which
 * supabase-js and the SPA send on POSTs that take no input; otherwise it is Fastify's 400.
 */
export function jsonBodyParser(app: FastifyInstance, { emptyAsNoBody }: { emptyAsNoBody: boolean }) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (req: FastifyRequest, body: Buffer, done: Done) => {
    const charset = charsetOf(req);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(new HttpError(415, `Unsupported charset "${charset.slice(0, 40)}": send JSON as UTF-8`));
    }
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return done(new HttpError(400, 'The request body is not valid UTF-8'));
    }
    if (emptyAsNoBody && text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new HttpError(400, `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels`));
    }
    return parse(req, text, done);
  };
}

/** Installs the JSON parser in `app` (and the plugins it registers from now on). */
export function parseJsonBodies(app: FastifyInstance, options: { emptyAsNoBody: boolean }): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser(app, options));
}

/**
 * Bodies for the whole app: JSON only. Fastify's default text/plain parser goes: no route reads
 * text, and it let a text body through to handlers that ignore their body (415 now).
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  parseJsonBodies(app, { emptyAsNoBody: false });
}
