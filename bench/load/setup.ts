// Everything the load run needs before the clock starts: the real server process on the bench
// database, an activated officer with one session per connection, and the data the workload picks from.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROOT_DIR } from '../../server/src/config.ts';
import type { DbHandle } from '../../server/src/db/client.ts';
import { queryRows } from '../../server/src/db/rows.ts';
import { spawnServer, type RunningServer } from '../../server/test/support/spawn-server.ts';

export interface Session {
  access: string;
  refresh: string;
}

export interface LoadFixture {
  server: RunningServer;
  anonKey: string;
  sessions: Session[];
  /** Accounts with postings (enquiries and transaction pages). */
  accounts: string[];
  /** Customers with a subscription, dealt out so no two connections save the same one (no 409s). */
  customersByConnection: number[][];
}

export async function startServer(
  databaseUrl: string,
  /** More of the server's environment (DB_POOL_MAX, say). */
  more: Record<string, string> = {},
): Promise<{ server: RunningServer; anonKey: string }> {
  const env = {
    ...more,
    DATABASE_URL: databaseUrl,
    AUTH_GENERATE_KEYS: 'true',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Every connection signs in from 127.0.0.1; the per-IP sign-in limit is for guessing, not for this.
    AUTH_IP_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const server = await spawnServer(env, 180_000);
  const keys = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/modules/auth/cli/keys.ts')],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  const anonKey = /ANON_KEY=(\S+)/.exec(keys)?.[1];
  if (!anonKey) throw new Error(`npm run keys printed no ANON_KEY:\n${keys}`);
  return { server, anonKey };
}

async function authCall(url: string, anonKey: string, route: string, body: unknown): Promise<Session> {
  const res = await fetch(`${url}/auth/v1/${route}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { access_token?: string; refresh_token?: string };
  if (!res.ok || !json.access_token || !json.refresh_token)
    throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return { access: json.access_token, refresh: json.refresh_token };
}

/** Signs an officer up, activates them and grants the Officer role as an administrator would, and opens `count` sessions. */
export async function officerSessions(
  handle: DbHandle,
  url: string,
  anonKey: string,
  count: number,
): Promise<Session[]> {
  const email = `load.${Date.now()}@bank.sl`;
  const password = 'Freetown-Load-2026';
  const mobile = `2327${String(Date.now()).slice(-7)}`;
  await authCall(url, anonKey, 'signup', {
    email,
    password,
    data: { fullName: 'Load Officer', mobileNo: mobile, bank_code: 'CB' },
  });
  await handle.db.execute(
    sql`update staff set approved = true, approved_at = now() where user_id = (select id from auth_users where email = ${email})`,
  );
  // Activation gives no role of its own: an administrator grants one, here the Officer's.
  await handle.db.execute(
    sql`insert into staff_roles (user_id, role_id)
        select u.id, r.id from auth_users u, roles r where u.email = ${email} and r.key = 'officer'`,
  );
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++)
    sessions.push(await authCall(url, anonKey, 'token?grant_type=password', { email, password }));
  return sessions;
}

export async function sampleData(
  handle: DbHandle,
  connections: number,
): Promise<Pick<LoadFixture, 'accounts' | 'customersByConnection'>> {
  const accounts = await queryRows<{ n: string }>(
    handle.db,
    sql`select account_number as n from accounts tablesample system (1) where status = 'Active' limit 500`,
  );
  const customers = await queryRows<{ id: number }>(
    handle.db,
    sql`select s.cust_id as id from mobile_banking_subscriptions s tablesample system (1)
        join accounts a on a.id = s.pay_account_id and a.status = 'Active' limit ${connections * 8}`,
  );
  const customersByConnection = Array.from({ length: connections }, (_, i) =>
    customers.filter((_c, j) => j % connections === i).map((c) => c.id),
  );
  if (accounts.length === 0 || customersByConnection.some((c) => c.length === 0)) {
    throw new Error('the bench database has too few accounts or subscriptions to sample from');
  }
  return { accounts: accounts.map((a) => a.n), customersByConnection };
}

/** The server process's resident memory in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
