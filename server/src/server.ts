import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { interruptedBulkLoad } from './db/seed/banking/bulk-load.ts';
import { APP_VERSION } from './lib/version.ts';
import { startupPhases } from './lib/startup-phases.ts';

/*
 * Start-up order (ADR 0028: a warm restart healthy within 2 s). Only what opening the database needs is
 * imported statically; the rest of the app (Fastify, every module) loads while PGlite compiles its
 * WebAssembly and opens its files, which leaves the main thread idle for much of that time.
 */
const startup = startupPhases();
startup.end('load modules');

function readConfig(): Config {
  try {
    return loadConfig(process.env, APP_VERSION);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`BankManager cannot start. ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}

const config = readConfig();
startup.end('config');
const appModules = startup.overlapped(
  'load app modules',
  Promise.all([
    import('./app.ts'),
    import('close-with-grace'),
    import('./db/seed/index.ts'),
    import('./demo-seed.ts'),
    import('./shutdown.ts'),
    import('./modules/staff/index.ts'),
    import('./lib/exposure-notice.ts'),
    import('./modules/eod/opening-date.ts'),
  ]),
);
const db = await startup.overlapped(
  'open database',
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    queryTimeoutMs: config.dbQueryTimeoutMs,
    onPoolError: (err) => app.log.warn({ err }, 'database connection lost'),
  }),
);
// The replica's pool refuses writes itself (default_transaction_read_only), should the URL name a primary.
const readDb = config.readReplica.url
  ? await openDatabase({
      databaseUrl: config.readReplica.url,
      dataDir: config.dataDir,
      poolMax: config.dbPoolMax,
      queryTimeoutMs: config.dbQueryTimeoutMs,
      serverOptions: '-c default_transaction_read_only=on',
      onPoolError: (err) => app.log.warn({ err }, 'read replica connection lost'),
    })
  : undefined;
const [
  { buildApp },
  { default: closeWithGrace },
  { isSeeded },
  { seedDemo },
  { closeGracefully },
  { bootstrapWarning },
  { exposureNotice },
  { openBusinessDate },
] = await appModules;
startup.end('open database and load app modules');
await runMigrations(db);
startup.end('migrations');
// A seed across connections (db/seed/banking/parallel.ts) that was killed left the ledger triggers off.
const crashedLoad = await interruptedBulkLoad(db.db);
if (crashedLoad) {
  console.error(
    'An interrupted bulk seed left the banking tables without their indexes and ledger triggers. Run `npm run db:seed -- --reset` to repair the database, then start again.',
  );
  process.exit(1);
}
const app = await buildApp({ config, db, readDb });
startup.end('build app');
// Before the demo seed, so demo data is dated from the bank's opening day.
if ((await openBusinessDate(db.db, config.eod.openingDate)) === 'opened') {
  app.log.info(`The bank opens on business date ${config.eod.openingDate} (OPENING_BUSINESS_DATE).`);
}
if (config.demoData) {
  if (!(await isSeeded(db.db))) {
    console.log('Seeding demo data (first start)…');
    await seedDemo(db);
  }
  const demo = app.publicConfig.demoCredentials;
  app.log.warn(
    `DEMO MODE: this server holds demo data${demo ? ` and a demo account (${demo.email} / ${demo.password})` : ''}. Never use it for real customers; set DATABASE_URL or DEMO_DATA=false in production.`,
  );
}

const noSuperuser = await bootstrapWarning(db.db, config);
if (noSuperuser) app.log.warn(noSuperuser);
startup.end('demo data and checks');

// Ctrl-C / SIGTERM: stop accepting, let in-flight requests finish, then close the database cleanly.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an unexpected error');
  else app.log.info(`${signal ?? 'shutdown'} received, closing`);
  await closeGracefully(app, db);
  await readDb?.close();
});

await app.listen({ port: config.port, host: config.host });
startup.end('listen');
// At debug level (LOG_LEVEL=debug): where a start spends its time; bench/startup.ts prints them side by side.
for (const p of startup.phases) {
  const note = p.overlapped ? ' (overlapped)' : '';
  app.log.debug(
    { startupPhase: p.phase, ms: p.ms, overlapped: p.overlapped },
    `start-up: ${p.phase} ${p.ms} ms${note}`,
  );
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.port === 0 ? config.publicUrl.replace(/:0$/, `:${port}`) : config.publicUrl;
console.log(`BankManager is ready at ${url}`);
const exposure = exposureNotice(config);
if (exposure) console.log(exposure);
