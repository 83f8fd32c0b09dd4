// npm run db:migrate: applies pending migrations to the configured database (DATABASE_URL, or
// PGlite under DATA_DIR — whose lock means the server must not be running on it).
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
    queryTimeoutMs: 0,
  });
  try {
    await runMigrations(handle);
    console.log(`Migrations applied (${handle.driver}).`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
