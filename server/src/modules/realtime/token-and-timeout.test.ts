import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser } from '../../../test/support/realtime.ts';

let t: TestApp;
let baseUrl: string;
const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];

beforeAll(async () => {
  // A short silence limit, so the timeout case runs quickly; heartbeating clients send every 100 ms.
  t = await createTestApp({
    realtime: {
      idleTimeoutMs: 600,
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

/** Statuses a channel reports, and its `system` messages. */
function watch(channel: RealtimeChannel) {
  const statuses = inbox<string>();
  const system = inbox<{ status: string; message: string }>();
  channel
    .on('system', {}, (m: { status: string; message: string }) => system.push(m))
    .subscribe((s) => statuses.push(s));
  return { statuses, system };
}

describe('heartbeat and the silence timeout', () => {
  it('closes a socket that sends no heartbeat, and keeps one that does', async () => {
    const silent = await realtimeUser(baseUrl, t.app, 'hbs', { heartbeatIntervalMs: 60_000 });
    const lively = await realtimeUser(baseUrl, t.app, 'hbl', { heartbeatIntervalMs: 100 });
    clients.push(silent.client, lively.client);
    const s = watch(silent.client.channel('quiet'));
    const l = watch(lively.client.channel('busy'));
    await s.statuses.next(1);
    await l.statuses.next(1);
    // The server closes the silent socket: the client sees its channel error (and reconnects later).
    expect(await s.statuses.next(2)).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    expect(l.statuses.items).toEqual(['SUBSCRIBED']);
    expect(lively.client.realtime.isConnected()).toBe(true);
  });
});

describe('access tokens on the socket', () => {
  it('a refreshed token keeps the channel; a bad one closes it with a system error', async () => {
    const u = await realtimeUser(baseUrl, t.app, 'tok', { heartbeatIntervalMs: 100 });
    clients.push(u.client);
    const got = inbox<unknown>();
    const ch = u.client
      .channel('tok')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) =>
        got.push(p.new),
      );
    const w = watch(ch);
    await w.statuses.next(1);
    // supabase-js hands the refreshed token to realtime (access_token on each joined channel).
    const { data, error } = await u.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.access_token).not.toBe(u.session.access_token);
    await t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${u.userId}`);
    await got.next(1);

    await u.client.realtime.setAuth('not-a-token');
    // The first system message was "Subscribed to PostgreSQL"; the second says why the channel ends.
    const [, ended] = await w.system.next(2);
    expect(ended).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Unauthorized/) as unknown,
    });
    expect(await w.statuses.next(2)).toEqual(['SUBSCRIBED', 'CLOSED']);
  });

  it('closes the channel when its token expires', async () => {
    const u = await realtimeUser(baseUrl, t.app, 'exp', { heartbeatIntervalMs: 100 });
    clients.push(u.client);
    const claims = decodeJwt(u.session.access_token);
    const shortLived = await t.app.authService.jwt.sign({ ...claims }, Math.floor(Date.now() / 1000) + 2);
    await u.client.realtime.setAuth(shortLived);
    const w = watch(u.client.channel('short'));
    expect(await w.statuses.next(1)).toEqual(['SUBSCRIBED']);
    expect(await w.system.next(1)).toMatchObject([
      { status: 'error', message: 'Unauthorized: Token has expired' },
    ]);
    expect(await w.statuses.next(2)).toEqual(['SUBSCRIBED', 'CLOSED']);
  });
});
