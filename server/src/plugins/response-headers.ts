import type { FastifyInstance } from 'fastify';

/** What a 429 without its own wait tells the client: try again in a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = '60';

/**
 * Headers every answer of a kind must carry, whichever route sent it:
 * - JSON sent to a caller with credentials (an Authorization header), and everything /auth/v1 answers
 *   (tokens travel in its bodies), is `Cache-Control: no-store`: balances, customers and tokens must
 *   not stay in a browser, proxy or shared-workstation cache after sign-out.
 * - Every 429 says when to come back (`Retry-After`); routes that know the wait set it themselves.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', DEFAULT_RETRY_AFTER_SECONDS);
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && /\bjson\b/i.test(type);
    const credentialed = req.headers.authorization !== undefined || req.url.startsWith('/auth/v1/');
    if (json && credentialed && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
