import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../test/support/harness.ts';
import type { DbHandle } from './db/client.ts';
import { queryRows } from './db/rows.ts';
import { DEFAULT_DEMO_SEED, isSeeded } from './db/seed/index.ts';
import { seedDemo } from './demo-seed.ts';
import { loanBookViolations } from './modules/loan-book/index.ts';

describe('demo seed (first embedded start)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('generates the default demo size, with dashboard content', async () => {
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
    // Speed is a bench's to judge against its floor, not a test's (a loaded machine would fail it).
    console.log(`demo seed took ${Math.round(ms)} ms on ${h.driver}`);
  });

  it('has a person for every seeded role, signed up with the demo password, at a branch', async () => {
    const rows = await queryRows<{ key: string; people: string }>(
      h.db,
      sql`select r.key, count(s.user_id)::text as people
            from roles r
            left join staff_roles sr on sr.role_id = r.id
            left join staff s on s.user_id = sr.user_id and not s.is_superuser and s.home_branch is not null
           where r.key is not null group by r.key order by r.key`,
    );
    expect(rows.filter((r) => r.people === '0').map((r) => r.key)).toEqual([]);
    // A second branch's counter staff, so branch scope can be seen at work.
    const [bo] = await queryRows<{ n: string }>(
      h.db,
      sql`select count(*)::text as n from staff where home_branch = '010'`,
    );
    expect(Number(bo!.n)).toBeGreaterThanOrEqual(2);
  });

  it('is harmless when run again (steps skip existing data)', async () => {
    await seedDemo(h);
    const [n] = await queryRows<{ c: string }>(h.db, sql`select count(*) as c from customers`);
    expect(Number(n!.c)).toBe(DEFAULT_DEMO_SEED.customers);
  });

  it('seeds loans in every class, classified and accrued, every invariant holding', async () => {
    const classes = await queryRows<{ loan_class: string }>(
      h.db,
      sql`select distinct loan_class from loans order by loan_class`,
    );
    expect(classes.map((c) => c.loan_class)).toEqual(['current', 'doubtful', 'loss', 'olem', 'substandard']);
    const [day] = await queryRows<{ n: string; recv: string }>(
      h.db,
      sql`select count(*)::text as n, (select sum(interest_receivable)::text from loans where loan_class in ('current', 'olem')) as recv
            from loan_daily_status where business_date = current_business_date()`,
    );
    expect(Number(day!.n)).toBe(7);
    expect(Number(day!.recv)).toBeGreaterThan(0);
    expect(await loanBookViolations(h.db)).toEqual([]);
    const ledger = await queryRows<{ problem: string }>(h.db, sql`select problem from ledger_violations()`);
    expect(ledger).toEqual([]);
  });
});
