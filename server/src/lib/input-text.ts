import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates without their
 * pair (JSON can spell both as `\u0000`, `\ud800`). Reaching the database they made it fail (500).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where in `value` (a parsed body, query or params) the first unstorable string is, if any. */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, where] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return where;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return `${where} (a key)`;
        stack.push([child, `${where}.${k.slice(0, 40)}`]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses requests whose path parameters, query or body carry text the database cannot store,
 * with a 400 that says where, before any route validates or handles them. Register on the root app
 * before the modules, so that every family's routes (and error shapes) get it.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const where =
      findUnstorableText(req.params, 'path') ??
      findUnstorableText(req.query, 'query') ??
      findUnstorableText(req.body, 'body');
    if (where)
      throw badRequest(`Text in the request (${where}) contains a NUL character or an unpaired surrogate`);
  });
}
