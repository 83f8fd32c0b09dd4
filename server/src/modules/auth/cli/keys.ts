/**
 * `npm run keys`: prints the anon key and the service-role key for operators. The service-role key
 * is never served by the app; keep it secret (it runs the admin API and sees every profile row).
 * In embedded mode, stop the server first: PGlite allows one process per data directory.
 */
import { ConfigError, loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/client.ts';
import { runMigrations } from '../../../db/migrate.ts';
import { APP_VERSION } from '../../../lib/version.ts';
import { JwtService } from '../jwt.ts';
import { loadSigningKeys } from '../signing-keys.ts';

try {
  const config = loadConfig(process.env, APP_VERSION);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // A generated key lives in the database: make sure its table exists on a fresh installation.
    if (!config.auth.jwtPrivateKey) await runMigrations(db);
    const jwt = new JwtService(await loadSigningKeys(db.db, config.auth), `${config.publicUrl}/auth/v1`);
    console.log(`ANON_KEY=${await jwt.apiKey('anon')}`);
    console.log(`SERVICE_ROLE_KEY=${await jwt.apiKey('service_role')}`);
    console.error(
      'Keep SERVICE_ROLE_KEY secret: it runs the admin API. Both keys stay valid while the signing key is unchanged.',
    );
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(
    err instanceof ConfigError
      ? `Cannot read the configuration. ${err.message}`
      : `keys: ${(err as Error).message}`,
  );
  process.exit(1);
}
