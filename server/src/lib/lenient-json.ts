import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies where an empty body counts as "no body": supabase-js and the SPA's fetch client send
 * `Content-Type: application/json` with nothing after it on POSTs that take no input (logout,
 * add-new-user…), which Fastify's default parser refuses. Call inside an encapsulated plugin.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(req, text, done);
  });
}
