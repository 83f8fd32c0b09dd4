import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/support/harness.ts';
import { dumpSchema, SCHEMA_FILE } from './dump.ts';

/** The first lines where two texts part, with a few lines of context, for a readable failure. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const i = at === -1 ? a.length : at;
  const show = (lines: string[]) => lines.slice(Math.max(0, i - 3), i + 6).join('\n');
  return `line ${i + 1}\n--- schema.sql\n${show(a)}\n--- the migrations\n${show(b)}`;
}

describe('server/src/db/schema.sql', () => {
  it('is what the migrations make of a fresh database (run `npm run db:schema` after a migration)', async () => {
    const db = await createTestDb();
    try {
      const fresh = dumpSchema(db.url!);
      const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
      if (fresh !== committed)
        expect.fail(`schema.sql differs from the migrations at ${firstDifference(committed, fresh)}`);
    } finally {
      await db.close();
    }
  });
});
