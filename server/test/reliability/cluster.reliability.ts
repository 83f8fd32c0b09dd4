import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/rows.ts';
import { giveLargeLimitsIn } from '../support/roles.ts';
import { createSubscriber } from '../support/subscribers.ts';
import { killAllServers } from '../support/spawn-server.ts';
import { apiCall, refresh, signIn, signUp, type Session } from './auth-client.ts';
import { postThroughBoth } from './cluster-postings.ts';
import { startTwoServers, type TwoServers } from './cluster-servers.ts';
import { sleep } from './http.ts';
import { runSeed, seededRng } from './prng.ts';

const PASSWORD = 'cluster-password-1';

/**
 * Two server processes, one PostgreSQL database (npm run test:cluster): everything a server keeps
 * (sessions, refresh tokens, lockout counters, the first-user lock, account locks) lives in the
 * database, so a client may reach either server on any request.
 */
describe('two servers on one PostgreSQL', () => {
  let t: TwoServers;
  let admin: Session;
  const started = performance.now();
  const seed = runSeed();
  /** Printed at the end, for docs/reliability.md. */
  const figures: Record<string, string | number> = {};
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: string }>(t.db.db, q))[0]!.n;

  beforeAll(async () => {
    t = await startTwoServers();
  });
  afterAll(async () => {
    await t?.close();
    killAllServers();
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const shown = Object.entries(figures).map(([k, v]) => `${k}=${v}`);
    console.log(`cluster seed=${seed} | ${shown.join(' | ')} | ${seconds} s`);
  });

  it('first-user race across both servers gives exactly one superuser', async () => {
    const n = 10;
    const results = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const email = `race.${i}@bank.sl`;
        await signUp(t.pick(i), t.anonKey, email, PASSWORD);
        const { session } = await signIn(t.pick(i + 1), t.anonKey, email, PASSWORD);
        const r = await apiCall(t.pick(i), session!, 'POST', '/api/users/activate-first-user');
        expect(r.status).toBe(200);
        return {
          email,
          session: session!,
          superuser: (r.body as { user: { is_superuser: boolean } }).user.is_superuser,
        };
      }),
    );
    const winners = results.filter((r) => r.superuser);
    expect(winners).toHaveLength(1);
    expect(await one(sql`select count(*) as n from staff where is_superuser`)).toBe('1');
    expect(
      await one(sql`select count(*) as n from audit_log where action = 'staff.activate_first_user'`),
    ).toBe('1');
    admin = winners[0]!.session;
    figures['first-user race'] = `${n} users, ${winners.length} superuser`;
  });

  it('a session signed in on one server works on the other, refresh included', async () => {
    await signUp(t.pick(0), t.anonKey, 'roamer@bank.sl', PASSWORD);
    const { session } = await signIn(t.pick(0), t.anonKey, 'roamer@bank.sl', PASSWORD);
    expect((await apiCall(t.pick(1), session!, 'GET', '/api/user/status')).status).toBe(200);
    const rotated = await refresh(t.pick(1), t.anonKey, session!.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await apiCall(t.pick(0), rotated.session!, 'GET', '/api/user/status')).status).toBe(200);
    // Within the reuse interval, the old token on the other server answers the current one (two tabs).
    const again = await refresh(t.pick(0), t.anonKey, session!.refreshToken);
    expect(again.session?.refreshToken).toBe(rotated.session!.refreshToken);
  });

  it('detects refresh-token reuse across servers and revokes the session', async () => {
    await signUp(t.pick(1), t.anonKey, 'victim@bank.sl', PASSWORD);
    const { session } = await signIn(t.pick(1), t.anonKey, 'victim@bank.sl', PASSWORD);
    const rotated = await refresh(t.pick(0), t.anonKey, session!.refreshToken);
    expect(rotated.status).toBe(200);
    await sleep(1500); // past AUTH_REFRESH_REUSE_INTERVAL_SECONDS=1
    const reuse = await refresh(t.pick(1), t.anonKey, session!.refreshToken);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error_code: 'refresh_token_already_used' });
    // The whole session is gone, on both servers: its newest token and its access token are refused.
    expect((await refresh(t.pick(0), t.anonKey, rotated.session!.refreshToken)).status).toBe(400);
    for (const i of [0, 1]) {
      expect((await apiCall(t.pick(i), rotated.session!, 'GET', '/api/user/status')).status).toBe(401);
    }
  });

  it('shares lockout counters: failed sign-ins split across both servers trip the lockout', async () => {
    await signUp(t.pick(0), t.anonKey, 'locked@bank.sl', PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.pick(i), t.anonKey, 'locked@bank.sl', 'wrong-password')).status).toBe(400);
    }
    for (const i of [0, 1]) {
      expect((await signIn(t.pick(i), t.anonKey, 'locked@bank.sl', PASSWORD)).status).toBe(429);
    }
    expect(
      // Counted per (account, source): both servers see this client's failures (docs/decisions/0011).
      Number(await one(sql`select hits as n from auth_rate_limits where key like 'fail:locked@bank.sl|%'`)),
    ).toBeGreaterThanOrEqual(5);
  });

  it('lets no more guesses through than the lockout allows, even all at once on both servers', async () => {
    await signUp(t.pick(0), t.anonKey, 'burst@bank.sl', PASSWORD);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(t.pick(i), t.anonKey, 'burst@bank.sl', `guess-${i}`)),
    );
    const guessed = statuses.filter((s) => s.status === 400).length;
    expect(statuses.every((s) => s.status === 400 || s.status === 429)).toBe(true);
    expect(guessed).toBeLessThanOrEqual(5);
    figures['lockout burst'] =
      `20 guesses at once, ${guessed} checked, ${statuses.length - guessed} refused (429)`;
  });

  it('concurrent postings through both servers lose no update', async () => {
    const opening = '1000000.00';
    const acct = await createSubscriber(t.db.db, {
      name: 'Cluster Customer',
      mobile: '+23278000001',
      balance: opening,
    });
    // A superuser posts directly only within a role's limits (else every posting waits for a checker).
    await giveLargeLimitsIn(t.db.db, admin.userId);
    const r = await postThroughBoth(t.pick, admin, acct.accountNumber, seededRng(seed));
    expect(r.unexpected).toEqual([]);
    expect(r.duplicatePairs.every((p) => p[0] === 200 && p[1] === 201)).toBe(true);
    expect(r.duplicateIds.every(([x, y]) => x === y)).toBe(true);
    const expected = r.ackedCents.reduce((s, c) => s + c, BigInt(opening.replace('.', '')));
    const [row] = await queryRows<{ balance: string; n: string }>(
      t.db.db,
      sql`select a.balance::text as balance, (select count(*) from transactions x where x.account_id = a.id) as n
          from accounts a where a.id = ${acct.accountId}`,
    );
    expect(BigInt(row!.balance.replace('.', ''))).toBe(expected);
    expect(Number(row!.n)).toBe(r.acked + 1); // + the opening deposit
    expect(await one(sql`select count(*) as n from ledger_violations()`)).toBe('0');
    figures.postings = `${r.acked} acknowledged through both servers (${r.duplicatePairs.length} of them sent to both at once, each posted once), lost 0`;
  });
});
