import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../test/support/harness.ts';
import type { DbHandle } from './client.ts';
import { independentReads } from './independent-reads.ts';
import { queryRows } from './rows.ts';

describe('independent reads', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  /** A read that sleeps on the database, noting when it began and ended here. */
  const timedRead = (spans: { start: number; end: number }[], n: number) => async () => {
    const start = performance.now();
    const [r] = await queryRows<{ n: number }>(handle.db, sql`select ${n}::int as n, pg_sleep(0.05)`);
    spans.push({ start, end: performance.now() });
    return r!.n;
  };

  it('inside a transaction, run one after another on its one connection, answers in order', async () => {
    const spans: { start: number; end: number }[] = [];
    const answers = await handle.db.transaction(async (tx) => {
      const read = (n: number) => async () => {
        const start = performance.now();
        const [r] = await queryRows<{ n: number; pid: number }>(
          tx,
          sql`select ${n}::int as n, pg_backend_pid() as pid, pg_sleep(0.05)`,
        );
        spans.push({ start, end: performance.now() });
        return r!;
      };
      return independentReads(tx, [read(1), read(2), read(3)] as const);
    });
    expect(answers.map((a) => a.n)).toEqual([1, 2, 3]);
    expect(new Set(answers.map((a) => a.pid)).size).toBe(1);
    // Each began after the one before had its answer: never two queries on the connection at once.
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  });

  it('on the pool, are all under way before the first answers', async () => {
    const spans: { start: number; end: number }[] = [];
    const answers = await independentReads(handle.db, [timedRead(spans, 1), timedRead(spans, 2)] as const);
    expect(answers).toEqual([1, 2]);
    const firstEnd = Math.min(...spans.map((s) => s.end));
    expect(spans.every((s) => s.start < firstEnd)).toBe(true);
  });
});
