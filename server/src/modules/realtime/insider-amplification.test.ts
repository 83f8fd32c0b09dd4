import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { realtimeUser, until } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

type Person = Awaited<ReturnType<typeof realtimeUser>>;
type Reply = { status: string; response: { reason?: string } };

/** A bare Phoenix client, so a test can open channels as fast as an attacker would. */
async function rawSocket(baseUrl: string, apikey: string, accessToken: string) {
  const ws = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`,
  );
  const replies = new Map<string, Reply>();
  let changes = 0;
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString('utf8')) as { event: string; ref: string; payload: Reply };
    if (m.event === 'phx_reply') replies.set(m.ref, m.payload);
    if (m.event === 'postgres_changes') changes++;
  });
  await once(ws, 'open');
  let ref = 0;
  /** Joins `count` approval_requests channels; resolves with every reply, in order. */
  const joinMany = async (count: number, prefix: string): Promise<Reply[]> => {
    const refs: string[] = [];
    for (let i = 0; i < count; i++) {
      const r = String(++ref);
      refs.push(r);
      ws.send(
        JSON.stringify({
          topic: `realtime:${prefix}${i}`,
          event: 'phx_join',
          ref: r,
          join_ref: r,
          payload: {
            access_token: accessToken,
            config: { postgres_changes: [{ event: '*', schema: 'public', table: 'approval_requests' }] },
          },
        }),
      );
    }
    await until(() => refs.every((r) => replies.has(r)));
    return refs.map((r) => replies.get(r)!);
  };
  return { ws, joinMany, changes: () => changes };
}

/** A server with a checker and a maker who files four-eyes postings on a T01 account. */
async function scene(t: TestApp, prefix: string) {
  const baseUrl = await listen(t.app);
  const staff = async (p: string, roles: string[]) => {
    const u = await realtimeUser(baseUrl, t.app, p);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await setRoles(t.app, u.userId, roles, 'T01');
    return u;
  };
  const { accountId } = await openTestAccount(t.app.db);
  const [a] = await queryRows<{ n: string }>(
    t.app.db,
    sql`select account_number as n from accounts where id = ${accountId}`,
  );
  const maker = await staff(`${prefix}mk`, ['officer']);
  const checker = await staff(`${prefix}ck`, ['supervisor']);
  let reference = 0;
  const request = async (who: Person) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${a!.n}/transactions`,
      headers: { authorization: `Bearer ${who.session.access_token}` },
      payload: {
        direction: 'credit',
        amount: '60000.00',
        description: 'Cash deposit',
        reference: `AMP${prefix}${++reference}`,
        counter_account: '1900',
      },
    });
    expect(res.statusCode).toBe(202);
  };
  const socket = (who: Person) => rawSocket(baseUrl, keysOf(t.app).anonKey, who.session.access_token);
  return { maker, checker, request, socket };
}

describe('channels per socket and per user are capped', () => {
  let t: TestApp;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    const defaults = testConfig().realtime;
    // A fast message rate so the test opens channels as quickly as an attacker's script would.
    t = await createTestApp({ realtime: { ...defaults, messagesPerSecond: 10_000 } });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  it('refuses the 101st channel on a socket and on a second socket of the same user, with the reason', async () => {
    expect(testConfig().realtime).toMatchObject({ maxChannelsPerSocket: 100, maxChannelsPerUser: 100 });
    const s = await scene(t, 'cap');
    const first = await s.socket(s.checker);
    sockets.push(first.ws);
    const replies = await first.joinMany(150, 'flood');
    expect(replies.filter((r) => r.status === 'ok')).toHaveLength(100);
    expect(replies.slice(100).every((r) => r.status === 'error')).toBe(true);
    expect(replies[100]?.response.reason).toBe(
      'too many channels: at most 100 per connection; leave one first',
    );
    // Rejoining a topic it holds replaces the channel: no room needed.
    expect((await first.joinMany(1, 'flood'))[0]?.status).toBe('ok');

    const second = await s.socket(s.checker);
    sockets.push(second.ws);
    const [other] = await second.joinMany(1, 'more');
    expect(other).toMatchObject({
      status: 'error',
      response: { reason: 'too many channels: at most 100 per user; leave one first' },
    });
    // Another user is not held back by the first one's channels.
    const maker = await s.socket(s.maker);
    sockets.push(maker.ws);
    expect((await maker.joinMany(1, 'mine'))[0]?.status).toBe('ok');
  });
});

describe('one change to many channels of one user', () => {
  let t: TestApp;
  const sockets: WebSocket[] = [];
  const CHANNELS = 2000;
  beforeAll(async () => {
    const defaults = testConfig().realtime;
    // The caps lifted, to show that the read rule's cost no longer grows with the channel count.
    t = await createTestApp({
      realtime: {
        ...defaults,
        messagesPerSecond: 10_000,
        maxChannelsPerSocket: CHANNELS,
        maxChannelsPerUser: CHANNELS,
      },
    });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  it('keeps the event loop responsive: the read rule runs once per user, not once per channel', async () => {
    const s = await scene(t, 'loop');
    const sock = await s.socket(s.checker);
    sockets.push(sock.ws);
    const replies = await sock.joinMany(CHANNELS, 'a');
    expect(replies.every((r) => r.status === 'ok')).toBe(true);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const filing = performance.now();
    await s.request(s.maker);
    await until(() => sock.changes() >= CHANNELS);
    const deliveredMs = performance.now() - filing;
    delay.disable();

    // Generous bounds: with a read per channel, this one insert blocked the event loop (every HTTP
    // request with it) for 5 to 8 seconds before the last channel heard it.
    expect(delay.max / 1e6).toBeLessThan(1500);
    expect(deliveredMs).toBeLessThan(3000);
  });
});
