import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { openApiTransform, openApiTransformObject } from '../lib/openapi-docs.ts';
import { requireActivatedStaff } from '../modules/auth/index.ts';

/**
 * OpenAPI document at /api/docs/json and its UI at /api/docs, built from the routes' zod schemas.
 * Outside demo mode only signed-in, activated staff read it (a bearer token, as for /api): the map of
 * every route and field is a head start for whoever probes the bank from outside.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'BankManager API', version: config.version },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiTransform,
    // Schemas the contracts name (`.meta({ id })`) become components the answers refer to.
    transformObject: openApiTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    ...(!config.demoData && {
      uiHooks: {
        // swagger-ui's hook type is callback-style; the guard is async.
        onRequest: (req, reply, done) => {
          requireActivatedStaff(req, reply).then(
            () => done(),
            (err: unknown) => done(err as FastifyError),
          );
        },
      },
    }),
  });
}
