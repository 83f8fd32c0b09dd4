#!/usr/bin/env node
// Supply chain: `npm audit --omit=dev` must report no high or critical advisory for what the server
// and the SPA ship. Exits 1 on such an advisory. When the registry offers no audit endpoint (a mirror
// that only serves packages answers 405), it says so plainly and still checks what it can offline:
// every production package in the lockfile comes from the registry with an integrity hash.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

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
process.exit(failed || unpinned.length > 0 ? 1 : 0);
