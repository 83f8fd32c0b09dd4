import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';
import { closeAll, realtimeUser } from '../../../test/support/realtime.ts';
import { rawSocket } from '../../../test/support/raw-socket.ts';

let t: TestApp;
let baseUrl: string;
let token: string;
let sock: Awaited<ReturnType<typeof rawSocket>>;
const LIMIT = 1000;

beforeAll(async () => {
  t = await createTestApp({
    realtime: {
      idleTimeoutMs: 60_000,
      maxMessageBytes: LIMIT,
      messagesPerSecond: 40,
      maxChannelsPerSocket: 100,
      maxChannelsPerUser: 100,
    },
  });
  baseUrl = await listen(t.app);
  const u = await realtimeUser(baseUrl, t.app, 'bad');
  await closeAll([u.client]);
  token = u.session.access_token;
  sock = await rawSocket(baseUrl, keysOf(t.app).anonKey);
});
afterAll(async () => {
  sock.close();
  await t.close();
});

const reasonOf = (f: { payload: { status?: string; response?: { reason?: string } } }) => {
  expect(f.payload.status).toBe('error');
  return f.payload.response?.reason;
};

describe('bad input on the socket: a clear phx_reply error, and the socket survives', () => {
  it('malformed frames', async () => {
    sock.send('{not json');
    expect(reasonOf(await sock.replyTo(null))).toMatch(/not JSON/);
    sock.frames.length = 0;
    sock.send(JSON.stringify({ topic: 'realtime:x', event: 'phx_join', payload: 'nope', ref: 'bad-1' }));
    expect(reasonOf(await sock.replyTo('bad-1'))).toMatch(/payload must be an object/);
    sock.send(Buffer.from([1, 2, 3]));
    const [bin] = await sock.count(2);
    expect(bin).toBeDefined();
    expect(reasonOf(sock.frames[1]!)).toMatch(/binary frames/);
    expect((await sock.call('phoenix', 'heartbeat', {})).payload.status).toBe('ok');
  });

  it('unknown events, and events on a topic not joined', async () => {
    expect(reasonOf(await sock.call('phoenix', 'dance', {}))).toMatch(/unknown event "dance"/);
    expect(reasonOf(await sock.call('realtime:nowhere', 'broadcast', { event: 'x' }))).toMatch(
      /unmatched topic/,
    );
    const joined = await sock.call('realtime:room', 'phx_join', { config: {}, access_token: token });
    expect(joined.payload.status).toBe('ok');
    expect(reasonOf(await sock.call('realtime:room', 'jump', {}))).toMatch(/unknown event "jump"/);
  });

  it('joins the user may not make', async () => {
    const bad = await sock.call('realtime:admin:approvals', 'phx_join', {
      config: { private: true },
      access_token: token,
    });
    expect(reasonOf(bad)).toMatch(/do not have permissions to read from this Channel topic: admin:approvals/);
    const anon = await sock.call('realtime:x', 'phx_join', {
      config: {},
      access_token: keysOf(t.app).anonKey,
    });
    expect(reasonOf(anon)).toMatch(/anonymous sockets may join no channel/);
    const forged = await sock.call('realtime:x', 'phx_join', { config: {}, access_token: 'e30.e30.sig' });
    expect(reasonOf(forged)).toMatch(/^Unauthorized/);
  });

  it('oversized messages (the configured limit)', async () => {
    const big = await sock.call('realtime:room', 'broadcast', {
      event: 'x',
      payload: { blob: 'x'.repeat(LIMIT) },
    });
    expect(reasonOf(big)).toMatch(new RegExp(`message too large: the limit is ${LIMIT} bytes`));
    expect((await sock.call('phoenix', 'heartbeat', {})).payload.status).toBe('ok');
  });

  it('a flood hits the per-socket rate limit, and the socket still answers afterwards', async () => {
    sock.frames.length = 0;
    for (let i = 0; i < 200; i++) {
      sock.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: `f${i}` }));
    }
    const replies = await sock.count(200);
    const limited = replies.filter((f) => f.payload.response?.reason?.startsWith('rate limit exceeded'));
    expect(limited.length).toBeGreaterThan(100);
    // The bucket refills: once it has, the same socket is answered normally.
    for (;;) {
      const r = await sock.call('phoenix', 'heartbeat', {});
      if (r.payload.status === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
  });
});
