import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Every path the server derives from where its code lives, in one place. The code runs from two places:
 * from source (server/src/lib/paths.ts, under tsx, in tests and `npm run dev`) and from the bundle
 * (server/dist/server.mjs, `npm start`, ADR 0028). Both sit somewhere under the repository root, so
 * the root is found by walking up to the folder that holds the server's migrations, instead of
 * counting `..` from one of the two.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'server/src/db/migrations/meta/_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`BankManager's repository root is not above ${from}`);
  }
}

/** Repository root, so relative defaults mean the same thing from any working directory. */
export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Drizzle's migrations folder (SQL files and meta/_journal.json), read at every start. */
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'server/src/db/migrations');
