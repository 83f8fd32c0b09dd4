import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../test/support/harness.ts';
import type { DbHandle } from './db/client.ts';
import { queryRows } from './db/rows.ts';
import { DEFAULT_DEMO_SEED, isSeeded } from './db/seed/index.ts';
import { seedDemo } from './demo-seed.ts';

describe('demo seed (first embedded start)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('generates the default demo size in seconds, with dashboard content', async () => {
    const started = performance.now();
    await seedDemo(h);
    const ms = performance.now() - started;
    expect(await isSeeded(h.db)).toBe(true);
    const [n] = await queryRows<{ customers: string; news: string; tasks: string; announcements: string }>(
      h.db,
      sql`select (select count(*) from customers) as customers, (select count(*) from news) as news,
                 (select count(*) from tasks) as tasks, (select count(*) from announcements) as announcements`,
    );
    expect(Number(n!.customers)).toBe(DEFAULT_DEMO_SEED.customers);
    expect(Number(n!.news)).toBeGreaterThanOrEqual(3);
    expect(Number(n!.tasks)).toBeGreaterThanOrEqual(5);
    expect(Number(n!.announcements)).toBeGreaterThanOrEqual(5);
    console.log(`demo seed took ${Math.round(ms)} ms on ${h.driver}`);
    expect(ms).toBeLessThan(20_000); // a few seconds normally; generous for a loaded CI machine
  });

  it('is harmless when run again (steps skip existing data)', async () => {
    await seedDemo(h);
    const [n] = await queryRows<{ c: string }>(h.db, sql`select count(*) as c from customers`);
    expect(Number(n!.c)).toBe(DEFAULT_DEMO_SEED.customers);
  });
});
