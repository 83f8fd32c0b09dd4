import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@bankmanager/contracts';

/** GET /api/health: 200 when the database answers within a bounded wait, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (req, reply) => {
      try {
        await app.dbHandle.ping(2000);
        return { status: 'ok' as const, database: 'ok' as const, version: app.config.version };
      } catch (err) {
        req.log.warn({ err }, 'health check: database unavailable');
        return reply
          .status(503)
          .send({ status: 'error' as const, database: 'unavailable' as const, version: app.config.version });
      }
    },
  );
};
