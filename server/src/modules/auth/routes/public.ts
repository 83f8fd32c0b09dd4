import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../service.ts';

/** GET /settings, /health, /.well-known/jwks.json. */
export function publicRoutes(app: FastifyInstance, auth: AuthService): void {
  app.get('/settings', async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: auth.config.auth.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    password_min_length: auth.config.auth.passwordMinLength,
  }));

  app.get('/health', async () => ({
    version: auth.config.version,
    name: 'GoTrue',
    description: 'BankManager auth: a GoTrue-compatible API for users and sessions',
  }));

  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return auth.jwt.jwks;
  });
}
