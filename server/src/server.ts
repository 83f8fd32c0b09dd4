import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { isSeeded } from './db/seed/index.ts';
import { seedDemo } from './demo-seed.ts';
import { APP_VERSION } from './lib/version.ts';
import { buildApp } from './app.ts';
import { closeGracefully } from './shutdown.ts';
import { bootstrapWarning } from './modules/staff/index.ts';
import { exposureNotice } from './lib/exposure-notice.ts';

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
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: config.dbPoolMax,
  queryTimeoutMs: config.dbQueryTimeoutMs,
  onPoolError: (err) => app.log.warn({ err }, 'database connection lost'),
});
await runMigrations(db);
const app = await buildApp({ config, db });
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

// Ctrl-C / SIGTERM: stop accepting, let in-flight requests finish, then close the database cleanly.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an unexpected error');
  else app.log.info(`${signal ?? 'shutdown'} received, closing`);
  await closeGracefully(app, db);
});

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.port === 0 ? config.publicUrl.replace(/:0$/, `:${port}`) : config.publicUrl;
console.log(`BankManager is ready at ${url}`);
const exposure = exposureNotice(config);
if (exposure) console.log(exposure);
