import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The module maps are how a reader finds their way in (docs/architecture.md §4, server/README.md).
// A folder added without its row makes the map lie by omission, so every folder must have one. The
// folders are read at run time; a row for a folder that does not exist (yet) is allowed, so a map
// may name a module before the branch that adds it is merged.

const repo = path.resolve(import.meta.dirname, '../..');

function folders(dir: string): string[] {
  return fs
    .readdirSync(path.join(repo, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The names in the first column of the tables between `heading` and the next heading of its level or above. */
function mappedNames(file: string, heading: string): Set<string> {
  const text = fs.readFileSync(path.join(repo, file), 'utf8');
  const start = text.indexOf(`\n${heading}`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  const level = heading.split(' ')[0] ?? '#';
  const rest = text.slice(start + heading.length + 1);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  const section = next < 0 ? rest : rest.slice(0, next);
  const names = [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].flatMap((m) => (m[1] ? [m[1]] : []));
  return new Set(names);
}

const serverModules = folders('server/src/modules');
const webFeatures = folders('web/src/features');

describe('module maps name every folder', () => {
  it('finds the folders it checks', () => {
    expect(serverModules.length).toBeGreaterThan(0);
    expect(webFeatures.length).toBeGreaterThan(0);
  });

  it.each([
    ['docs/architecture.md', '### 4.1 Server modules'],
    ['server/README.md', '### Module map'],
  ])('%s lists every server module (server/src/modules/*)', (file, heading) => {
    const mapped = mappedNames(file, heading);
    expect(serverModules.filter((name) => !mapped.has(name))).toEqual([]);
  });

  it('docs/architecture.md lists every web feature (web/src/features/*)', () => {
    const mapped = mappedNames('docs/architecture.md', '### 4.2 Web features');
    expect(webFeatures.filter((name) => !mapped.has(name))).toEqual([]);
  });
});
