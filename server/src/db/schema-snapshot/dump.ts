import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../config.ts';

/** The committed snapshot: every table, function, trigger and view as the migrations leave them. */
export const SCHEMA_FILE = path.join(ROOT_DIR, 'server/src/db/schema.sql');

/** pg_dump of the PostgreSQL that scripts/pg-cluster.sh starts clusters with (its one lookup). */
function pgDumpBinary(): string {
  const script = path.join(ROOT_DIR, 'scripts/pg-cluster.sh');
  const bindir = execFileSync('bash', [script, 'bindir'], { encoding: 'utf8' }).trim();
  return path.join(bindir, 'pg_dump');
}

/**
 * The schema of the database at `url` as SQL, without what changes from one dump to the next (the
 * server's version, session settings, pg_dump's random \restrict key), so equal schemas dump equal.
 */
export function dumpSchema(url: string): string {
  const raw = execFileSync(
    pgDumpBinary(),
    ['--schema-only', '--no-owner', '--no-privileges', '--no-tablespaces', url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const kept = raw
    .split('\n')
    .filter(
      (line) =>
        !/^-- Dumped (from|by) /.test(line) &&
        !/^\\(un)?restrict /.test(line) &&
        !/^SET /.test(line) &&
        !/^SELECT pg_catalog\.set_config/.test(line),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${HEADER}\n${kept}\n`;
}

const HEADER = `-- The database as the migrations leave it (pg_dump --schema-only of a freshly migrated database).
-- Generated: change a rule with a new migration, then \`npm run db:schema\` rewrites this file, and
-- CI fails while the two disagree (docs/decisions/0036-database-rules-in-one-snapshot.md).
`;
