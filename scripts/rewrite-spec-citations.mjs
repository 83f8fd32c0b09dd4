#!/usr/bin/env node
// Rewrites citations of the documents that used to live outside the repository (SPEC.md,
// ARCHITECTURE.md, AUTH-PROTOCOL.md) into citations of their replacements in docs/:
//
//   SPEC §2 / SPEC.md §5           → docs/product.md §2 / docs/product.md §5
//   SPEC §2 "Menu behaviour"       → docs/product.md §2.3 "Menu behaviour" (a named subsection's number)
//   ARCHITECTURE.md, "Test tiers"  → docs/architecture.md §6, "Test tiers"
//   AUTH-PROTOCOL.md / … §3        → docs/auth-protocol.md / docs/auth-protocol.md §3
//
// Usage: node scripts/rewrite-spec-citations.mjs [--dry-run] [--verbose] [--no-prettier]
// Every tracked text file is scanned (git ls-files) except node_modules, this script and the three
// target documents. docs/ is scanned too, so records written on other branches are caught; the docs of
// this branch already cite the new files. Only the citation forms above change, so user-visible strings (which never cite
// these documents) stay as they are; lines outside comments are listed for a human to check anyway.
// A comment line pushed past Prettier's print width is wrapped; then, unless --no-prettier, the
// repository's own Prettier (if installed) formats the changed files so `prettier --check` passes.
// No dependencies: node and git only.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const dryRun = args.has('--dry-run');
const verbose = args.has('--verbose') || dryRun;
const usePrettier = !args.has('--no-prettier');

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const printWidth = readPrintWidth();

/** Files that must keep their wording: the targets themselves and this script. */
const SKIP = new Set([
  'docs/product.md',
  'docs/architecture.md',
  'docs/auth-protocol.md',
  'scripts/rewrite-spec-citations.mjs',
]);

// Named sections of the old documents → section numbers in the new ones.
const PRODUCT_SUBSECTIONS = {
  routes: '2.1',
  header: '2.2',
  'menu behaviour': '2.3',
  'menu tree': '2.4',
  'dashboard screens': '2.5',
  'sign-in and sign-up pages': '2.6',
  'registered mobile banking users screen': '2.7',
  'account enquiry screen': '2.8',
  'not shown': '2.9',
  auth: '4.1',
  theme: '4.2',
  'route guard': '4.3',
  'subscription form': '4.4',
  'customer status': '4.5',
  'sign-up': '5.1',
  'sign-in': '5.2',
  'customer id search': '5.3',
  'phone number on save': '5.4',
  'account enquiry': '5.5',
  'own api': '7.1',
  'backend service': '7.2',
  'simulated operations': '7.3',
};
const ARCHITECTURE_SECTIONS = {
  'the shape in one picture': '2',
  stack: '2.1',
  layout: '8',
  'api conventions': '5',
  'test tiers': '6',
};
const AUTH_SECTIONS = {
  'mounting and keys': '1',
  errors: '2',
  'session and tokens': '3',
  'user object': '3.4',
  routes: '4',
  cors: '6',
};

const OLD_HOME = String.raw`(?:\/work\/shared\/|\.\.\/shared\/)?`;

/** Each rule: a global regex and its replacement. Applied in order; none re-matches its own output. */
const RULES = [
  // `SPEC.md` (optionally with its old path) → docs/product.md; any `§…` after it is kept.
  [new RegExp(`${OLD_HOME}\\bSPEC\\.md\\b`, 'g'), () => 'docs/product.md'],
  // `SPEC §2`, `SPEC §4 "Route guard"`: the number, refined when a known subsection is named.
  [
    /\bSPEC §(\d+(?:\.\d+)?)(\s+"([^"]+)")?/g,
    (_m, num, named = '', name = '') => {
      const sub = PRODUCT_SUBSECTIONS[name.toLowerCase()];
      const n = sub && sub.split('.')[0] === num ? sub : num;
      return `docs/product.md §${n}${named}`;
    },
  ],
  [
    new RegExp(`${OLD_HOME}\\bARCHITECTURE\\.md(, "([^"]+)")?`, 'g'),
    (_m, named = '', name = '') => withSection('docs/architecture.md', ARCHITECTURE_SECTIONS, named, name),
  ],
  [/\bARCHITECTURE §(\d+(?:\.\d+)?)/g, (_m, n) => `docs/architecture.md §${n}`],
  [/\broute table of AUTH-PROTOCOL\.md/g, () => 'route table of docs/auth-protocol.md §4'],
  [
    new RegExp(`${OLD_HOME}\\bAUTH-PROTOCOL\\.md(, "([^"]+)")?`, 'g'),
    (_m, named = '', name = '') => withSection('docs/auth-protocol.md', AUTH_SECTIONS, named, name),
  ],
  [/\bAUTH-PROTOCOL §(\d+(?:\.\d+)?)/g, (_m, n) => `docs/auth-protocol.md §${n}`],
  // Bare mentions that are still citations.
  [/\(SPEC order\)/g, () => '(docs/product.md order)'],
  [/\bin SPEC order\b/g, () => 'in docs/product.md order'],
  [/\bthe SPEC's long date\b/g, () => 'the long date of docs/product.md §2.8'],
  [/\(SPEC budget\)/g, () => '(docs/decisions/0004-web-bundle-budget.md)'],
];

function withSection(file, sections, named, name) {
  const n = sections[name.toLowerCase()];
  return n ? `${file} §${n}${named}` : `${file}${named}`;
}

/** Any mention left after the rules (identifiers such as SPEC_PATHS excepted), for a human to read. */
const LEFTOVER = /\b(?:SPEC|ARCHITECTURE|AUTH-PROTOCOL)\b(?![_-]?[A-Za-z])/;

function readPrintWidth() {
  try {
    return JSON.parse(readFileSync(join(root, '.prettierrc'), 'utf8')).printWidth ?? 80;
  } catch {
    return 110;
  }
}

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !SKIP.has(f) && !f.split('/').includes('node_modules'));
}

/** True for a line that is wholly a comment, in any of the syntaxes the repository uses. */
function isCommentLine(line, file) {
  const t = line.trimStart();
  if (file.endsWith('.md')) return true;
  if (t.startsWith('//') || t.startsWith('/*') || t.startsWith('*')) return true;
  return t.startsWith('#') && !/\.(ts|tsx|js|mjs|cjs|json)$/.test(file);
}

/** `{ prefix, text }` of a whole-line `// …`, ` * …` or (outside JS) `# …` comment, else null. */
function commentParts(line, file) {
  if (file.endsWith('.md')) return null;
  const hash = /\.(ts|tsx|js|mjs|cjs)$/.test(file) ? null : /^(\s*# )(.*)$/.exec(line);
  const m = /^(\s*\/\/ |\s*\* )(.*)$/.exec(line) ?? hash;
  return m ? { prefix: m[1], text: m[2] } : null;
}

/** A comment line that continues the previous one's sentence (not a list item, tag, code or end). */
const continues = (text) => /^[^\s@*|`-]/.test(text) && !/^\d+\. /.test(text);

/** Words of a comment; a citation (`docs/product.md §2`) and a quoted name ("Test tiers") stay whole. */
const words = (text) => text.match(/docs\/\S+\.md §\S+|"[^"]*"\S*|\S+/g) ?? [];

/** Greedy fill of `text` into lines of at most printWidth, each starting with `prefix`. */
function fill(prefix, text) {
  const lines = [];
  let current = '';
  for (const word of words(text)) {
    if (current && (prefix + current + ' ' + word).length > printWidth) {
      lines.push(prefix + current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push(prefix + current);
  return lines;
}

/**
 * Rewrites one file's lines. A comment line that a rewrite pushes past the print width is wrapped:
 * its overflow flows into the next line when that line continues the same comment sentence, else onto
 * a line of its own; a one-line `/** … *\/` becomes a block. Code and Markdown are left to Prettier
 * (it never reflows comments, so a long comment would merely be untidy; code it formats itself).
 * Returns the new lines, the number of citations, and the indexes of the changed input lines.
 */
function rewriteLines(lines, file) {
  const out = [];
  const changed = [];
  let count = 0;
  let carry = null; // overflow of the previous comment line: { prefix, text }
  const flush = () => {
    if (carry) out.push(...fill(carry.prefix, carry.text));
    carry = null;
  };
  lines.forEach((line, i) => {
    let next = line;
    let n = 0;
    for (const [re, fn] of RULES) {
      next = next.replace(re, (...m) => {
        n++;
        return fn(...m);
      });
    }
    count += n;
    if (LEFTOVER.test(next)) leftovers.push(`${file}:${i + 1}: ${next.trim()}`);
    if (n > 0 && !isCommentLine(line, file)) inCode.push(`${file}:${i + 1}: ${next.trim()}`);
    const parts = commentParts(next, file);
    if (carry) {
      if (parts && parts.prefix === carry.prefix && continues(parts.text)) {
        next = `${carry.prefix}${carry.text} ${parts.text}`;
        n++; // the line changed even without a citation of its own
        carry = null;
      } else flush();
    }
    if (n === 0) return out.push(line);
    changed.push(i);
    if (next.length <= printWidth) return out.push(next);
    const jsdoc = /^(\s*)\/\*\* (.*) \*\/$/.exec(next);
    if (jsdoc) return out.push(`${jsdoc[1]}/**`, ...fill(`${jsdoc[1]} * `, jsdoc[2]), `${jsdoc[1]} */`);
    const p = commentParts(next, file);
    if (!p) return out.push(next);
    const filled = fill(p.prefix, p.text);
    out.push(...filled.slice(0, -1));
    carry = { prefix: p.prefix, text: filled.at(-1).slice(p.prefix.length) };
  });
  flush();
  return { out, count, changed };
}

const changedFiles = [];
const inCode = [];
const leftovers = [];
let citations = 0;

for (const file of trackedFiles()) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  const buf = readFileSync(path);
  if (buf.includes(0)) continue; // binary
  const text = buf.toString('utf8');
  if (!/SPEC|ARCHITECTURE|AUTH-PROTOCOL/.test(text)) continue;
  const lines = text.split('\n');
  const { out, count, changed } = rewriteLines(lines, file);
  if (count === 0 && changed.length === 0) continue;
  citations += count;
  changedFiles.push(file);
  if (verbose) {
    console.log(`${file}: lines ${changed.map((i) => i + 1).join(', ')}`);
    for (const i of changed) console.log(`  - ${lines[i].trim()}`);
  }
  if (!dryRun) writeFileSync(path, out.join('\n'));
  else if (verbose) {
    const after = out.join('\n');
    for (const l of after.split('\n').filter((l) => !lines.includes(l))) console.log(`  + ${l.trim()}`);
  }
}

console.log(
  `${dryRun ? 'would rewrite' : 'rewrote'} ${citations} citation(s) in ${changedFiles.length} file(s)`,
);
if (inCode.length) {
  console.log(`\n${inCode.length} rewrite(s) outside a comment (test titles, API descriptions): check them`);
  for (const l of inCode) console.log(`  ${l}`);
}
if (leftovers.length) {
  console.log(`\n${leftovers.length} mention(s) left as they were: read them`);
  for (const l of leftovers) console.log(`  ${l}`);
}

const prettier = join(root, 'node_modules', '.bin', 'prettier');
if (!dryRun && usePrettier && changedFiles.length) {
  if (existsSync(prettier)) {
    execFileSync(prettier, ['--write', '--ignore-unknown', '--log-level', 'warn', ...changedFiles], {
      cwd: root,
      stdio: 'inherit',
    });
    console.log(`\nformatted the ${changedFiles.length} changed file(s) with Prettier`);
  } else {
    console.log('\nPrettier is not installed here: run `npx prettier --write` on the changed files');
  }
}
