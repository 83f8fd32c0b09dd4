import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import {
  API_VERSION_2024,
  API_VERSION_HEADER,
  AuthError,
  authErrorHandler,
  wantsNewShape,
} from './errors.ts';
import { apiKeyRole } from './authenticate.ts';
import { AuthService } from './service.ts';
import { tokenRoutes } from './routes/token.ts';
import { signupRoutes } from './routes/signup.ts';
import { userRoutes } from './routes/user.ts';
import { emailFlowRoutes } from './routes/email-flows.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { adminLinkRoutes } from './routes/admin-links.ts';
import { publicRoutes } from './routes/public.ts';
import { DEMO_ACCOUNT } from './demo-account.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tokens, sessions, passwords and mail of the auth service; used by guards and other modules. */
    authService: AuthService;
  }
}

/** Reachable without an apikey: the link in a mail is opened by a browser; health and keys are public. */
const OPEN_ROUTES = new Set([
  'GET /auth/v1/verify',
  'GET /auth/v1/health',
  'GET /auth/v1/.well-known/jwks.json',
]);

export const EXPOSED_HEADERS = 'x-supabase-api-version, x-total-count, link, content-range';

/**
 * The GoTrue-compatible auth service under /auth/v1. Loads the signing key, decorates the root app
 * with `authService`, serves the anon key to the SPA, and registers the routes in an encapsulated
 * plugin with its own error handler (GoTrue error shapes, never a 500 for bad input).
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const auth = await AuthService.create(app.config, app.db, app.log);
  app.decorate('authService', auth);
  app.publicConfig.anonKey = auth.anonKey;
  if (app.config.demoData) app.publicConfig.demoCredentials = { ...DEMO_ACCOUNT.credentials };

  await app.register(
    async (api) => {
      acceptEmptyJsonBodies(api);
      api.setErrorHandler(authErrorHandler);
      api.addHook('onRequest', async (req, reply) => {
        reply.header('access-control-expose-headers', EXPOSED_HEADERS);
        // GoTrue echoes the API version the client asked for; the client reads error codes by it.
        if (wantsNewShape(req)) reply.header(API_VERSION_HEADER, API_VERSION_2024);
        if (OPEN_ROUTES.has(`${req.method} ${req.routeOptions.url ?? ''}`)) return;
        if (!(await apiKeyRole(auth.jwt, req)))
          throw new AuthError(401, 'no_authorization', 'Invalid API key or no API key found in request');
      });
      for (const routes of [
        tokenRoutes,
        signupRoutes,
        userRoutes,
        emailFlowRoutes,
        mfaRoutes,
        adminUserRoutes,
        adminLinkRoutes,
        publicRoutes,
      ]) {
        routes(api, auth);
      }
    },
    { prefix: '/auth/v1' },
  );
}
