// npm run db:schema: rewrites server/src/db/schema.sql from a freshly migrated database on the
// PostgreSQL server at TEST_DATABASE_URL (scripts/pg-cluster.sh starts one), then drops that database.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { dumpSchema, SCHEMA_FILE } from '../schema-snapshot/dump.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server: eval "$(scripts/pg-cluster.sh start)"');
  process.exit(2);
}
const name = `bm_schema_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await runMigrations(handle);
  await handle.close();
  fs.writeFileSync(SCHEMA_FILE, dumpSchema(url.toString()));
  console.log(`Wrote ${SCHEMA_FILE}`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
