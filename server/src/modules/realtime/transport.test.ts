import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';
import { closeAll, realtimeClient, realtimeUser, subscribe } from '../../../test/support/realtime.ts';

let t: TestApp;
let baseUrl: string;
const clients: ReturnType<typeof realtimeClient>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    realtime: {
      idleTimeoutMs: 60_000,
      maxMessageBytes: 7000,
      messagesPerSecond: 100,
      maxChannelsPerSocket: 100,
      maxChannelsPerUser: 100,
    },
  });
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await closeAll(clients);
  await t.close();
});

describe('realtime transport with the stock supabase-js client', () => {
  it('joins and leaves a channel as a signed-in user', async () => {
    const u = await realtimeUser(baseUrl, t.app);
    clients.push(u.client);
    const ch = u.client.channel('room-1');
    expect(await subscribe(ch)).toEqual({ status: 'SUBSCRIBED' });
    expect(await ch.unsubscribe()).toBe('ok');
  });

  it('answers heartbeats on the phoenix topic', async () => {
    const statuses: string[] = [];
    const u = await realtimeUser(baseUrl, t.app);
    clients.push(u.client);
    u.client.realtime.onHeartbeat((s) => statuses.push(s));
    await subscribe(u.client.channel('room-hb'));
    await u.client.realtime.sendHeartbeat();
    await new Promise<void>((resolve) => {
      const check = () => (statuses.includes('ok') ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(statuses).toContain('ok');
  });

  it('refuses an anonymous socket (anon key, no user) at join', async () => {
    const c = realtimeClient(baseUrl, keysOf(t.app).anonKey);
    clients.push(c);
    const out = await subscribe(c.channel('room-anon'));
    expect(out.status).toBe('CHANNEL_ERROR');
    expect(out.error?.message).toMatch(/anonymous sockets may join no channel/);
  });

  it('refuses a socket without a valid apikey before the upgrade', async () => {
    const res = await fetch(`${baseUrl}/realtime/v1/websocket?apikey=nope&vsn=1.0.0`);
    expect(res.status).toBe(401);
  });

  it('refuses an expired token at join with the error the client shows', async () => {
    const u = await realtimeUser(baseUrl, t.app);
    clients.push(u.client);
    const expired = await t.app.authService.jwt.sign(
      { sub: u.userId, role: 'authenticated', session_id: u.session.user.id, aud: 'authenticated' },
      Math.floor(Date.now() / 1000) - 10,
    );
    await u.client.realtime.setAuth(expired);
    const out = await subscribe(u.client.channel('room-expired'));
    expect(out.status).toBe('CHANNEL_ERROR');
    expect(out.error?.message).toMatch(/Token has expired/);
  });

  it('a private channel needs a rule that allows the user', async () => {
    const u = await realtimeUser(baseUrl, t.app);
    clients.push(u.client);
    const own = await subscribe(u.client.channel(`user:${u.userId}`, { config: { private: true } }));
    expect(own.status).toBe('SUBSCRIBED');
    const other = await subscribe(
      u.client.channel('user:00000000-0000-4000-8000-000000000000', { config: { private: true } }),
    );
    expect(other.status).toBe('CHANNEL_ERROR');
    expect(other.error?.message).toMatch(/You do not have permissions to read from this Channel topic/);
    // A pending user may not join the staff-only private topics either; once approved, they may.
    expect(
      (await subscribe(u.client.channel('staff:notices-42', { config: { private: true } }))).status,
    ).toBe('CHANNEL_ERROR');
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    expect(
      (await subscribe(u.client.channel('staff:notices-43', { config: { private: true } }))).status,
    ).toBe('SUBSCRIBED');
  });
});
