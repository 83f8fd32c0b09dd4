#!/usr/bin/env node
// Supply chain: `npm audit --omit=dev` must report no high or critical advisory for what the server
// and the SPA ship. Exits 1 on such an advisory. When the registry offers no audit endpoint (a mirror
// that only serves packages answers 405), it says so plainly and still checks what it can offline:
// every production package in the lockfile comes from the registry with an integrity hash.
// Engines: every locked package supports the oldest Node the root package.json names, so `npm ci` on
// that Node prints no EBADENGINE warning (docs/reliability.md, "Supply chain").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import semver from 'semver';

function audit() {
  try {
    return {
      out: execFileSync('npm', ['audit', '--omit=dev', '--json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    };
  } catch (err) {
    // npm audit exits 1 when it finds advisories; its JSON is still on stdout.
    return { out: String(err.stdout ?? ''), stderr: String(err.stderr ?? '') };
  }
}

const { out } = audit();
let report;
try {
  report = JSON.parse(out);
} catch {
  report = undefined;
}

let failed = false;
if (report?.metadata?.vulnerabilities) {
  const v = report.metadata.vulnerabilities;
  console.log(
    `npm audit --omit=dev: critical ${v.critical}, high ${v.high}, moderate ${v.moderate}, low ${v.low}`,
  );
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical')
      console.log(`  ${entry.severity}: ${name} (${entry.range})`);
  }
  failed = v.critical > 0 || v.high > 0;
} else {
  const why = report?.message ?? report?.error?.summary ?? (out.trim().slice(0, 200) || 'no answer');
  console.log(`npm audit --omit=dev could not run here: the registry has no audit endpoint (${why}).`);
  console.log(
    'Run `npm audit --omit=dev` where the public registry is reachable; it must report no high or critical advisory.',
  );
}

// Offline: every production package is pinned by the lockfile with a sha512 integrity (and, where the
// lockfile records a source, it is the npm registry), so `npm ci` installs exactly what was reviewed.
const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const prod = Object.entries(lock.packages).filter(
  ([p, e]) => p.includes('node_modules/') && !e.dev && !e.link,
);
const unpinned = prod.filter(
  ([, e]) =>
    !e.integrity?.startsWith('sha512-') ||
    (e.resolved !== undefined && !e.resolved.startsWith('https://registry.npmjs.org/')),
);
console.log(
  `lockfile: ${prod.length} production packages, ${unpinned.length} without a sha512 integrity from the registry`,
);
for (const [p] of unpinned) console.log(`  ${p}`);

const root = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const oldestNode = semver.minVersion(root.engines.node).version;
const tooNew = Object.entries(lock.packages).filter(
  ([p, e]) => p.includes('node_modules/') && e.engines?.node && !semver.satisfies(oldestNode, e.engines.node),
);
console.log(`engines: ${tooNew.length} locked packages that do not support Node ${oldestNode}`);
for (const [p, e] of tooNew) console.log(`  ${p}@${e.version} needs node ${e.engines.node}`);

process.exit(failed || unpinned.length > 0 || tooNew.length > 0 ? 1 : 0);
