import type { FastifyInstance } from 'fastify';
import { parseJsonBodies } from './json-body.ts';

/**
 * JSON bodies where an empty body counts as "no body": supabase-js and the SPA's fetch client send
 * `Content-Type: application/json` with nothing after it on POSTs that take no input (logout,
 * add-new-user…), which Fastify's default parser refuses. Call inside an encapsulated plugin.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  parseJsonBodies(app, { emptyAsNoBody: true });
}
