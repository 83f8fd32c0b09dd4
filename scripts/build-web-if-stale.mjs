#!/usr/bin/env node
// `npm start` runs this first: builds the SPA only when web/dist is missing or older than anything it
// is built from (the web sources, the contracts, the Vite config, the lockfile). A restart with an
// unchanged tree then skips the ~2.5 s Vite build, which a warm start should not pay. `--check` only
// says whether it would build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, staleReason } from './stale.mjs';

const reason = staleReason('web/dist/index.html', [
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
]);
if (process.argv.includes('--check')) {
  console.log(reason ?? 'web/dist is up to date');
} else if (reason) {
  console.log(`Building the web app (${reason})…`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
