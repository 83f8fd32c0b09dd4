#!/usr/bin/env node
// `npm start` runs this after the SPA's: bundles the server (server/src/server.ts and everything it
// imports, the contracts included) into server/dist/server.mjs with esbuild, only when the bundle is
// missing or older than its sources. Packages from node_modules stay external (imported at run time,
// as from source), so PGlite's WebAssembly, pdfkit's fonts and the like load from their own folders.
// Why: loading the TypeScript through tsx was most of a warm start (ADR 0028).
//   node scripts/build-server-if-stale.mjs [--check] [--force]
import { mkdtempSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleReason } from './stale.mjs';

export const SERVER_DIST = 'server/dist';
export const SERVER_BUNDLE = `${SERVER_DIST}/server.mjs`;

const SOURCES = [
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
  'scripts/build-server-if-stale.mjs',
  'scripts/stale.mjs',
];

/**
 * Bundles the server into `outdir`. Code splitting keeps server.ts's dynamic imports (the app, the
 * seeders) in their own chunks, so they still load while PGlite opens, as they do from source.
 */
async function buildInto(outdir) {
  // Imported here, not at the top: a start with a fresh bundle needs no build tool.
  const { build } = await import('esbuild');
  await build({
    entryPoints: { server: join(ROOT, 'server/src/server.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // Bare imports are node_modules (external), except the workspace's contracts, which are
        // TypeScript source and are bundled. (esbuild's `packages: 'external'` would drop them too.)
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bankmanager/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/**
 * Builds into a fresh folder beside server/dist and swaps it in, so a server starting meanwhile (or a
 * second `npm start`) never loads a half-written bundle.
 */
export async function buildServer() {
  const tmp = mkdtempSync(join(ROOT, 'server/.dist-'));
  const startedAt = new Date();
  try {
    await buildInto(tmp);
    // Stamped with the build's start: a source saved during the build still counts as newer.
    utimesSync(join(tmp, 'server.mjs'), startedAt, startedAt);
    const old = `${tmp}-old`;
    try {
      renameSync(join(ROOT, SERVER_DIST), old);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
    renameSync(tmp, join(ROOT, SERVER_DIST));
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Rebuilds the bundle when it is missing or stale; resolves with why it was built, or null. */
export async function buildServerIfStale({ force = false } = {}) {
  const reason = force ? 'asked with --force' : staleReason(SERVER_BUNDLE, SOURCES);
  if (reason) await buildServer();
  return reason;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    console.log(staleReason(SERVER_BUNDLE, SOURCES) ?? `${SERVER_BUNDLE} is up to date`);
  } else {
    const t = performance.now();
    const reason = await buildServerIfStale({ force: process.argv.includes('--force') });
    if (reason) console.log(`Bundled the server (${reason}) in ${Math.round(performance.now() - t)} ms`);
  }
}
