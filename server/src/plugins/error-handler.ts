import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

export const DB_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';

/**
 * The one error handler for `/api`: 4xx answers say what was wrong as `{ error, details? }`;
 * 5xx answers never leak internals (the log has them, tied to the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({
        error: 'Invalid request',
        details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (err instanceof HttpError) {
      const body: { error: string; details?: unknown } = { error: err.message, ...err.extra };
      if (err.details !== undefined) body.details = err.details;
      return reply.status(err.statusCode).send(body);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: DB_UNAVAILABLE_MESSAGE });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500 || isResponseSerializationError(err)) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type…) carry safe messages.
    return reply.status(status).send({ error: err.message });
  });
}
