// The server side of bench:storage, forked by index.ts: the real app on in-memory PGlite (or a fresh
// PostgreSQL database) and a fresh STORAGE_DIR, in its own process so its RSS is the server's alone. It tells its parent where it
// listens, then answers two requests over IPC: a full GC (before an RSS baseline) and a bulk insert
// of object rows for the list bench (100,000 uploads over HTTP would take minutes).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { buildApp } from '../../server/src/app.ts';
import { startBareServer } from './bare-server.ts';

export type ServerAsk = { kind: 'gc' } | { kind: 'insertObjects'; count: number };
export type ServerRequest = ServerAsk & { id: number };
export interface ServerReady {
  port: number;
  /** node:http alone in this same process (bare-server.ts), the HTTP floor. */
  barePort: number;
  serviceRoleKey: string;
}

const storageDir = process.argv[2];
if (!storageDir || !process.send)
  throw new Error('usage: forked by bench/storage/index.ts with a STORAGE_DIR');
const config = {
  ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
  storageDir,
};
// BENCH_DATABASE_URL (index.ts --postgres): a fresh PostgreSQL database, as production runs.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const db = await openDatabase(databaseUrl ? { databaseUrl, dataDir: '' } : { dataDir: 'memory://' });
await runMigrations(db);
const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
process.send({
  port: typeof addr === 'object' && addr ? addr.port : 0,
  barePort: await startBareServer(storageDir),
  serviceRoleKey: app.authService.serviceRoleKey,
});

process.on('message', (msg: ServerRequest) => {
  const answer = async () => {
    if (msg.kind === 'gc') global.gc?.();
    else {
      await db.db.execute(sql`
        insert into storage_objects (bucket_id, name, size, mime_type, sha256)
        select 'bench', 'folder-' || (g % 100) || '/file-' || lpad(g::text, 7, '0') || '.png', 1000, 'image/png', repeat('a', 64)
          from generate_series(1, ${msg.count}) g`);
      await db.db.execute(sql`analyze storage_objects`);
    }
  };
  void answer().then(() => process.send!({ id: msg.id }));
});
process.on(
  'disconnect',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
