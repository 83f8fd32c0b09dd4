#!/usr/bin/env node
// `npm start` runs this first: builds the SPA only when web/dist is missing or older than anything it
// is built from (the web sources, the contracts, the Vite config, the lockfile). A restart with an
// unchanged tree then skips the ~2.5 s Vite build (issue 22). `--check` only says whether it would build.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const built = join(root, 'web/dist/index.html');
const SOURCES = [
  'web/src',
  'web/public',
  'web/build',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** Newest modification time under `path` (a file or a folder, walked), 0 when it does not exist. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function staleReason() {
  let builtAt;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return 'web/dist is missing';
  }
  const changed = SOURCES.find((s) => newest(join(root, s)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = staleReason();
if (process.argv.includes('--check')) {
  console.log(reason ?? 'web/dist is up to date');
} else if (reason) {
  console.log(`Building the web app (${reason})…`);
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', 'web'], {
    cwd: root,
    stdio: 'inherit',
  });
}
