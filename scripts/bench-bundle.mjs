#!/usr/bin/env node
// Builds the web app and prints, per route, the gzip bytes of the JavaScript a first visit loads,
// read from Vite's manifest (build.manifest). Budget (ADR 0004): / then /signin ≤ 150 KB gzip in all.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'web/dist');
const BUDGET = 150 * 1024;

if (!process.argv.includes('--no-build'))
  execSync('npx vite build web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// Modules grouped into a shared chunk (web/vite.config.ts) have no manifest entry of their own: the
// first-visit group holds the landing and sign-in screens.
const groupOf = (name) => Object.values(manifest).find((c) => c.name === name);
const GROUPED = {
  'src/features/landing/routes/landing.tsx': 'first-visit',
  'src/features/auth/routes/sign-in.tsx': 'first-visit',
};
const byKey = (k) =>
  manifest[k] ??
  Object.values(manifest).find((c) => c.src === k) ??
  (GROUPED[k] ? groupOf(GROUPED[k]) : undefined);
const size = new Map();
const gz = (file) => {
  if (!size.has(file)) size.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return size.get(file);
};

/** The JS files a chunk loads up front: itself plus its static imports, transitively. */
function closure(key, out = new Set()) {
  const chunk = byKey(key);
  if (!chunk) throw new Error(`No chunk for ${key} in the manifest`);
  if (!chunk.file.endsWith('.js') || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, out);
  return out;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
// Loaded at runtime on every page except the landing page (the auth client), and on signed-in pages (the header).
const AUTH = 'src/lib/auth/auth-session.ts';
const HEADER = 'src/app/layout/app-header.tsx';
const ROUTES = [
  ['/', 'src/features/landing/routes/landing.tsx', []],
  ['/signin', 'src/features/auth/routes/sign-in.tsx', [AUTH]],
  ['/signup', 'src/features/auth/routes/sign-up.tsx', [AUTH]],
  ['/dashboard', 'src/app/routes/dashboard-route.tsx', [AUTH, HEADER]],
  ['/new-user-dashboard', 'src/app/routes/new-user-dashboard-route.tsx', [AUTH, HEADER]],
  ['/dashboards/financial-overview', 'src/app/routes/analytics-route.tsx', [AUTH, HEADER]],
  ['/<module page>', 'src/app/routes/catch-all-route.tsx', [AUTH, HEADER]],
];

const files = {};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = (set) => [...set].reduce((s, f) => s + gz(f), 0);
console.log('route'.padEnd(34), 'gzip JS (first visit)');
for (const [route, src, extra] of ROUTES) {
  const set = closure(entry);
  for (const k of [src, ...extra]) closure(k, set);
  files[route] = set;
  console.log(route.padEnd(34), kb(total(set)));
}
const journey = new Set([...files['/'], ...files['/signin']]);
const t = total(journey);
console.log('-'.repeat(56));
console.log('/ then /signin'.padEnd(34), kb(t), `(budget ${kb(BUDGET)})`, t <= BUDGET ? 'OK' : 'OVER BUDGET');
if (t > BUDGET) process.exitCode = 1;
