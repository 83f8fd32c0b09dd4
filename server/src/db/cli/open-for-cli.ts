import { loadConfig } from '../../config.ts';
import { openDatabase, type DbHandle } from '../client.ts';
import { runMigrations } from '../migrate.ts';

/**
 * The configured database (DATABASE_URL, or PGlite under DATA_DIR — whose lock means the server must
 * not be running on it), migrated, for operator commands. One connection and no per-query timeout:
 * these commands may run long bulk statements.
 */
export async function openForCli(poolMax = 1): Promise<DbHandle> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax,
    queryTimeoutMs: 0,
  });
  try {
    await runMigrations(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** Runs a command's main function: a failure prints its message and exits with status 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
