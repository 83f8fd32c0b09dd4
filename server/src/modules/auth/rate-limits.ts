import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { authRateLimits } from '../../db/schema/auth.ts';

/**
 * Fixed-window counters kept in the database, so limits hold across every server process.
 * `hit` counts one event and returns the count in the current window (atomic upsert).
 */
export async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  // Now and then, drop counters whose windows ended long ago, so the table stays small.
  if (Math.random() < 0.002)
    await db.delete(authRateLimits).where(lt(authRateLimits.windowStart, sql`now() - interval '1 day'`));
  const rows = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into auth_rate_limits as r (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else r.hits + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else r.window_start end
    returning hits`,
  );
  return Number(rows[0]?.hits ?? 1);
}

/**
 * Gives back one event counted by `hit` (an attempt that turned out not to be a failure). Counting
 * first and giving back later is what makes a limit hold under concurrency: attempts that run at the
 * same moment each take a slot before they run, instead of all reading the same count.
 */
export async function unhit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update auth_rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function reset(db: Database, key: string): Promise<void> {
  await db.delete(authRateLimits).where(eq(authRateLimits.key, key));
}
