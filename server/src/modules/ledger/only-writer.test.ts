import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money moves only through the ledger: every other module asks it to post, so the balance, audit and
 * locking rules live in one place. This reads the production sources and fails on any other file
 * that writes a journal entry, a GL line or a customer line itself.
 */
const src = path.resolve(import.meta.dirname, '../..');
const allowed = [
  path.join(src, 'modules/ledger'),
  // Schema history and generated demo data are not posting paths.
  path.join(src, 'db/migrations'),
  path.join(src, 'db/seed'),
];

const MONEY_WRITE = [
  /insert\s+into\s+(journal_entries|gl_lines|transactions)\b/i,
  /\.insert\(\s*(journalEntries|glLines|transactions)\s*\)/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return allowed.includes(full) ? [] : sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the ledger is the only writer of money', () => {
  it('finds the rule on a sample, so a silent pass means something', () => {
    expect(MONEY_WRITE.some((re) => re.test('INSERT  INTO gl_lines (entry_id)'))).toBe(true);
    expect(MONEY_WRITE.some((re) => re.test('tx.insert(journalEntries).values(x)'))).toBe(true);
    expect(MONEY_WRITE.some((re) => re.test('insert into transactions_archive'))).toBe(false);
  });

  it('no file under server/src outside the ledger inserts journal entries, GL lines or transactions', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(50);
    const writers = files
      .filter((f) => MONEY_WRITE.some((re) => re.test(readFileSync(f, 'utf8'))))
      .map((f) => path.relative(src, f));
    expect(writers).toEqual([]);
  });
});
