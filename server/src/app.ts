import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { acceptJsonBodiesOnly } from './lib/json-body.ts';
import { refuseUnstorableText } from './lib/input-text.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerResponseHeaders } from './plugins/response-headers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerCompression } from './plugins/compression.ts';
import { healthRoutes } from './modules/health/index.ts';
import { authenticateBeforeValidation, registerAuth } from './modules/auth/index.ts';
import { profilesRestRoutes } from './modules/rest/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import { mobileBankingRoutes } from './modules/mobile-banking/index.ts';
import { accountRoutes, postingRoutes } from './modules/accounts/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { registerRealtime } from './modules/realtime/index.ts';
import { registerAuditChain } from './modules/audit/index.ts';
import { registerStorage } from './modules/storage/index.ts';
import { roleLimits, rolesRoutes } from './modules/roles/index.ts';
import { approvalRoutes, registerApprovals } from './modules/approvals/index.ts';
import { glReportRoutes } from './modules/gl-reports/index.ts';
import { ledgerRoutes } from './modules/ledger/index.ts';
import { customerRoutes } from './modules/customers/index.ts';
import { depositAccountRoutes } from './modules/deposit-accounts/index.ts';
import { productRoutes } from './modules/products/index.ts';
import { regulatoryReturnRoutes } from './modules/bsl-returns/index.ts';
import { loanProductRoutes } from './modules/loan-products/index.ts';
import { rescreenAllCustomers, sanctionsRoutes } from './modules/sanctions/index.ts';
import { amlRoutes, evaluateBusinessDate } from './modules/aml/index.ts';
import { loanApplicationRoutes } from './modules/loan-applications/index.ts';
import { eodRoutes, type EodHooks } from './modules/eod/index.ts';
import { treasuryRoutes } from './modules/treasury/index.ts';
import { paymentRoutes, runDueStandingOrders } from './modules/payments/index.ts';
import { openTillSessions, tellerRoutes } from './modules/teller/index.ts';
import { loanAutoDebitEodHooks, loanRoutes } from './modules/loans/index.ts';
import {
  loanBookEodHooks,
  loanBookRoutes,
  loanGradingRoutes,
  loanProvisionRoutes,
} from './modules/loan-book/index.ts';
import { amlFilingRoutes } from './modules/aml-filing/index.ts';
import { aggregateReportsEodHook, reportingRoutes } from './modules/reporting/index.ts';
import { builtReportRoutes, enqueueScheduledReports } from './modules/built-reports/index.ts';
import { createReportReads } from './db/report-reads.ts';
import { statementBatchesModule } from './modules/statement-batches/index.ts';
import { loanReportRoutes } from './modules/loan-reports/index.ts';

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  /** A streaming read replica's pool (DATABASE_READ_URL): heavy reports read from it (ADR 0054). */
  readDb?: DbHandle | undefined;
  logger?: FastifyServerOptions['logger'];
  /**
   * Sees (and may extend) every route as it is added, before any module registers one. The fuzz
   * suite enumerates the routes with it, so a route added later is fuzzed without editing the suite.
   */
  onRoute?: (route: RouteOptions) => void;
}

/** A hop count as Fastify applies it: the nearest `hops` addresses are proxies. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

// Fastify types its compiler factories after Ajv's; the zod compilers take the same route schema.
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Composes the whole app from a config and an open database. Tests call this; server.ts listens. */
export async function buildApp({ config, db, readDb, logger, onRoute }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is the client's to write: honoured only from the proxies TRUST_PROXY names,
    // or rate limits and audit rows would key on an address the attacker chose.
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Fastify's default (0) lets a client that sends its body slowly, or never finishes it, hold a
    // connection forever. Node enforces it only with headersTimeout no longer than it, and checks on
    // an interval: check often enough to honour it.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(config.requestTimeoutMs / 4))),
    },
    requestIdHeader: 'x-request-id',
    // Every route validates and serializes with its zod schema. Naming the compilers here keeps
    // Fastify from loading its defaults (Ajv, fast-json-stringify) that nothing would use: about a
    // fifth of a warm start's module loading (ADR 0028).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('dbHandle', db);
  app.decorate('db', db.db);
  app.decorate('reportReads', createReportReads(db, readDb, config.readReplica, app.log));
  app.decorate('publicConfig', {
    version: config.version,
    demoData: config.demoData,
    anonKey: '',
    demoCredentials: null,
    idleTimeoutMinutes: config.idleTimeoutMinutes,
    statusPollSeconds: config.statusPollSeconds,
  });

  // Fastify's own 503-while-closing starts only when its onClose hook is reached, after the plugins'
  // (end of day waits for its runner to stop), so closeGracefully sets `draining` first and new requests
  // are refused from that moment; those in flight run to completion.
  app.decorate('draining', false);
  app.addHook('onRequest', async (_req, reply) => {
    if (app.draining)
      // Its own serializer: a route's 503 schema (GET /api/health has one) must not turn it into a 500.
      return reply
        .code(503)
        .header('connection', 'close')
        .serializer((body) => JSON.stringify(body))
        .send({ error: 'The server is shutting down' });
  });
  // While closing (however the close began), end each keep-alive connection after its response, so
  // shutdown waits only for requests in flight, not for idle browser connections to time out.
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });

  // Before any route: it hooks each route as it is added.
  await registerCompression(app);
  registerAuditChain(app, config);
  registerErrorHandler(app);
  acceptJsonBodiesOnly(app);
  refuseUnstorableText(app);
  await registerSecurityHeaders(app, config);
  registerResponseHeaders(app);
  await registerOpenApi(app, config);
  await registerAuth(app);
  await app.register(profilesRestRoutes, { prefix: '/rest/v1' });
  await registerStorage(app);
  await registerRealtime(app);
  // Before the modules: each registers its four-eyes commands on this app's own engine.
  registerApprovals(app, roleLimits);
  // End of day refuses to start while a till is open, and runs the standing orders due first.
  const eodHooks: EodHooks = {
    openTillSessions,
    runDueStandingOrders,
    rescreenSanctions: async (db) => (await rescreenAllCustomers(db)).screened,
    evaluateAmlRules: evaluateBusinessDate,
    aggregateReports: aggregateReportsEodHook,
    loanBook: loanBookEodHooks,
    enqueueScheduledReports,
    loanAutoDebit: loanAutoDebitEodHooks,
  };
  app.decorate('eodHooks', eodHooks);

  await app.register(
    async (api) => {
      // Before any route: who is calling is settled before the body is validated (401, not 400).
      api.addHook('onRoute', authenticateBeforeValidation);
      await api.register(healthRoutes);
      await api.register(staffRoutes);
      await api.register(dashboardRoutes);
      await api.register(mobileBankingRoutes);
      await api.register(accountRoutes);
      await api.register(postingRoutes);
      await api.register(rolesRoutes);
      await api.register(approvalRoutes);
      await api.register(ledgerRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(glReportRoutes);
      await api.register(customerRoutes);
      await api.register(depositAccountRoutes);
      await api.register(productRoutes);
      await api.register(loanProductRoutes);
      await api.register(sanctionsRoutes);
      await api.register(loanApplicationRoutes);
      await api.register(eodRoutes);
      await api.register(treasuryRoutes);
      await api.register(paymentRoutes);
      await api.register(tellerRoutes);
      await api.register(regulatoryReturnRoutes);
      await api.register(loanRoutes);
      await api.register(amlRoutes);
      await api.register(amlFilingRoutes);
      await api.register(reportingRoutes);
      await api.register(loanBookRoutes);
      await api.register(statementBatchesModule);
      await api.register(builtReportRoutes);
      await api.register(loanProvisionRoutes);
      // Grading by hand and restructuring (ADR 0067).
      await api.register(loanGradingRoutes);
      await api.register(loanReportRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
