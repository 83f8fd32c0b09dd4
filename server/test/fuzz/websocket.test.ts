import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, listen, type TestApp } from '../support/harness.ts';
import { keysOf } from '../support/auth-clients.ts';
import { closeAll, realtimeUser } from '../support/realtime.ts';
import { rawSocket, type Frame } from '../support/raw-socket.ts';
import { FUZZ_RUNS, FUZZ_SEED } from './fuzz-world.ts';

/**
 * The websocket section of the fuzz: random frames on /realtime/v1 (any text, any JSON, Phoenix-shaped
 * messages with hostile topics, events, refs and payloads, joins with odd configs and tokens). Every
 * frame with a ref must be answered by a phx_reply (ok or a clear error), except the fire-and-forget
 * events, and the socket must stay open and keep answering heartbeats.
 */
let t: TestApp;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    realtime: {
      idleTimeoutMs: 60_000,
      maxMessageBytes: 2000,
      messagesPerSecond: 100_000,
      maxChannelsPerSocket: 100,
      maxChannelsPerUser: 100,
    },
  });
  baseUrl = await listen(t.app);
  const u = await realtimeUser(baseUrl, t.app, 'fuzzws');
  await closeAll([u.client]);
  token = u.session.access_token;
});
afterAll(async () => {
  await t.close();
});

const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    'phoenix',
    'realtime:',
    'realtime:admin:x',
    'realtime:user:x',
    '\u0000',
    'x'.repeat(300),
  ),
);
const anyValue = fc.jsonValue({ maxDepth: 3 });
const events = fc.constantFrom(
  'phx_join',
  'phx_leave',
  'heartbeat',
  'broadcast',
  'presence',
  'access_token',
  'zzz',
);
const config = fc.record(
  {
    private: fc.oneof(fc.boolean(), anyValue),
    broadcast: fc.oneof(fc.record({ self: fc.boolean(), ack: fc.boolean() }), anyValue),
    presence: fc.oneof(fc.record({ key: fc.string(), enabled: fc.boolean() }), anyValue),
    postgres_changes: fc.oneof(
      fc.array(
        fc.record({
          event: fc.constantFrom('*', 'INSERT', 'UPDATE', 'DELETE', 'x'),
          schema: fc.constantFrom('public', 'auth', ''),
          table: fc.constantFrom('profiles', 'staff_status', 'dashboard_events', 'auth_users', ''),
          filter: fc.oneof(fc.string(), fc.constantFrom('id=eq.1', 'user_id=in.(a,b)', 'x=lt.', 'id=gte.')),
        }),
        { maxLength: 3 },
      ),
      anyValue,
    ),
  },
  { requiredKeys: [] },
);
const phxMessage = fc.record({
  topic: fc.oneof(hostile, fc.constantFrom('realtime:room', 'realtime:customer:1')),
  event: fc.oneof(events, fc.string()),
  payload: fc.oneof(
    fc.record(
      { config, access_token: fc.oneof(fc.constant('USER'), fc.string(), anyValue) },
      { requiredKeys: [] },
    ),
    fc.record({ type: fc.constant('broadcast'), event: fc.oneof(fc.string(), anyValue), payload: anyValue }),
    fc.record({
      type: fc.constant('presence'),
      event: fc.constantFrom('track', 'untrack', 'x'),
      payload: anyValue,
    }),
    anyValue,
  ),
});

/** Events a client sends without awaiting a reply: a refreshed token, and a broadcast without `ack`. */
const FIRE_AND_FORGET = new Set(['access_token', 'broadcast']);

function expectWellFormed(reply: Frame) {
  expect(['ok', 'error']).toContain(reply.payload.status);
  if (reply.payload.status === 'error') expect(typeof reply.payload.response?.reason).toBe('string');
}

describe('fuzz: /realtime/v1 websocket frames', () => {
  it(
    'answers every frame that has a ref, and the socket survives',
    { timeout: 240_000 + FUZZ_RUNS * 100 },
    async () => {
      const sock = await rawSocket(baseUrl, keysOf(t.app).anonKey);
      let n = 0;
      await fc.assert(
        fc.asyncProperty(phxMessage, async (m) => {
          const ref = `z${++n}`;
          const payload =
            m.payload &&
            typeof m.payload === 'object' &&
            !Array.isArray(m.payload) &&
            'access_token' in m.payload
              ? {
                  ...m.payload,
                  access_token: m.payload.access_token === 'USER' ? token : m.payload.access_token,
                }
              : m.payload;
          sock.send(JSON.stringify({ ...m, payload, ref, join_ref: ref }));
          if (FIRE_AND_FORGET.has(m.event)) {
            // On a joined channel these get no phx_reply (as in Supabase Realtime); a heartbeat proves the
            // socket still answers, and any reply they did get is checked at the end.
            const hb = `hb${++n}`;
            sock.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: hb }));
            expect((await sock.replyTo(hb)).payload.status).toBe('ok');
            return;
          }
          expectWellFormed(await sock.replyTo(ref));
        }),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string(),
            anyValue.map((v) => JSON.stringify(v)),
          ),
          async (text) => {
            sock.send(text);
            const hb = `hb${++n}`;
            sock.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: hb }));
            expect((await sock.replyTo(hb)).payload.status).toBe('ok');
          },
        ),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
      for (const f of sock.frames.filter((x) => x.event === 'phx_reply')) expectWellFormed(f);
      expect(sock.ws.readyState).toBe(sock.ws.OPEN);
      sock.close();
    },
  );
});
