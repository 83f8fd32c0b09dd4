// The /api guard query before and after roles and permissions (ADR 0015), side by side in one run on
// one database: the query every guarded request runs (session + user + staff flags), and the same with
// the caller's permissions and home branch (what authenticateStaff runs now: staff.permissions, kept by
// triggers). Prints p50/p95 and requests per second of each, their ratio, and PASS/FAIL against the
// floor: the permission join may cost at most 10% of the guard's throughput (ADR 0015).
//   npm run bench:guard [-- --users 2000 --rounds 4000]     (PGlite in memory; TEST_DATABASE_URL for PostgreSQL)
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { percentile } from './support.ts';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '4000' } },
});
const users = Number(values.users);
const rounds = Number(values.rounds);
const FLOOR = 0.9;

const handle = process.env.TEST_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://' })
  : await openDatabase({ dataDir: 'memory://' });
await runMigrations(handle);
const db = handle.db;

// Staff with sessions; every one activated (so the Officer role), a third also a Supervisor.
await db.execute(sql`insert into auth_users (id, email)
  select gen_random_uuid(), 'bench' || i || '@bank.sl' from generate_series(1, ${users}) i
  on conflict do nothing`);
await db.execute(sql`insert into staff (user_id, approved)
  select id, true from auth_users where email like 'bench%' on conflict do nothing`);
await db.execute(sql`insert into staff_roles (user_id, role_id)
  select u.id, r.id from auth_users u, roles r
  where u.email like 'bench%' and r.key = 'supervisor' and hashtext(u.email) % 3 = 0 on conflict do nothing`);
await db.execute(
  sql`insert into auth_sessions (user_id) select id from auth_users where email like 'bench%'`,
);
const sessions = (await queryRows<{ id: string }>(db, sql`select id from auth_sessions`)).map((r) => r.id);

const before = (id: string) => sql`select s.id, s.user_id, u.email, st.approved, st.is_superuser
  from auth_sessions s join auth_users u on u.id = s.user_id left join staff st on st.user_id = s.user_id
  where s.id = ${id}`;
const after = (
  id: string,
) => sql`select s.id, s.user_id, u.email, st.approved, st.is_superuser, st.home_branch,
  st.permissions
  from auth_sessions s join auth_users u on u.id = s.user_id left join staff st on st.user_id = s.user_id
  where s.id = ${id}`;

async function time(q: (id: string) => ReturnType<typeof sql>, i: number): Promise<number> {
  const t0 = performance.now();
  await db.execute(q(sessions[i % sessions.length]!));
  return performance.now() - t0;
}

// Warm both, then interleave so load from other jobs hits both equally.
for (let i = 0; i < 200; i++) await Promise.all([time(before, i), time(after, i)]);
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < rounds; i++) {
  if (i % 2) {
    a.push(await time(before, i));
    b.push(await time(after, i));
  } else {
    b.push(await time(after, i));
    a.push(await time(before, i));
  }
}
const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
const rps = (xs: number[]) => (xs.length / sum(xs)) * 1000;
const ratio = rps(b) / rps(a);
const row = (name: string, unsorted: number[], xs = [...unsorted].sort((x, y) => x - y)) =>
  `${name.padEnd(34)} p50 ${percentile(xs, 50).toFixed(3)} ms  p95 ${percentile(xs, 95).toFixed(3)} ms  ${rps(xs).toFixed(0)} q/s`;
console.log(
  `guard query, ${users} staff, ${rounds} rounds on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.log(row('before (session + staff flags)', a));
console.log(row('after (+ permissions, home branch)', b));
console.log(
  `throughput after/before: ${ratio.toFixed(3)} (floor ${FLOOR}) ${ratio >= FLOOR ? 'PASS' : 'FAIL'}`,
);
await handle.close();
process.exit(ratio >= FLOOR ? 0 : 1);
