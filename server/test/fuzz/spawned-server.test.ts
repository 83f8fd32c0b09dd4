import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JwtService } from '../../src/modules/auth/jwt.ts';
import { generatePrivateJwk, parsePrivateKey } from '../../src/modules/auth/signing-keys.ts';
import { newIdentity } from '../support/auth-clients.ts';
import { createTestApp } from '../support/harness.ts';
import { killAllServers, spawnServer, type RunningServer } from '../support/spawn-server.ts';
import { answerProblems } from './answer-checks.ts';
import { bodyBytes } from './body-specs.ts';
import { FUZZ_RUNS, FUZZ_SEED } from './fuzz-world.ts';
import { httpRequest, rawRequest, type RawAnswer } from './raw-http.ts';
import { UNPARSABLE_BODIES } from './refused-writes.ts';
import { isWrite } from './request-cases.ts';
import { RouteRecorder, type FuzzRoute } from './route-registry.ts';

/** Requests no HTTP client would send, answered by Node's parser or Fastify before any route. */
const PROTOCOL_GARBAGE: [string, string | Buffer][] = [
  ['not HTTP at all', 'GARBAGE\r\n\r\n'],
  ['a lowercase method', 'get /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ['a NUL in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n'],
  [
    'a 20 KB header',
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'Content-Length with Transfer-Encoding',
    'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{}',
  ],
  [
    'a bad chunk size',
    'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'a non-numeric Content-Length',
    'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}',
  ],
  [
    'two different Content-Lengths',
    'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}',
  ],
  [
    'a bad percent-escape in the path',
    'GET /api/accounts/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ],
  [
    'raw bytes 0xFF in the path',
    Buffer.concat([
      Buffer.from('GET /api/accounts/'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    ]),
  ],
  [
    'dot segments in the path',
    'GET /api/accounts/../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ],
];

/** The real server process (`server.ts`, embedded PGlite) fed raw bytes over TCP; it must stay up. */
describe('fuzz over real HTTP: a spawned server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-fuzz-http-'));
  let server: RunningServer;
  let anonKey = '';
  let token = '';
  let writeRoutes: FuzzRoute[] = [];
  beforeAll(async () => {
    // Routes from the real app, as the in-process suite finds them.
    const recorder = new RouteRecorder();
    await (await createTestApp({}, { onRoute: recorder.onRoute })).close();
    writeRoutes = recorder.routes.filter((r) => isWrite(r.method));
    // Our own signing key, so the test can make the anon key without opening the server's database.
    const jwk = JSON.stringify(await generatePrivateJwk());
    anonKey = await new JwtService(await parsePrivateKey(jwk), 'fuzz').apiKey('anon');
    server = await spawnServer({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      AUTH_JWT_PRIVATE_KEY: jwk,
      AUTH_ARGON2_MEMORY_KIB: '1024',
      AUTH_ARGON2_TIME_COST: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
    });
    // A signed-in user, so that routes that ignore their body still get past their guards.
    const id = newIdentity('fuzz-http');
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(id),
    });
    token = ((await signUp.json()) as { access_token: string }).access_token;
    expect(token).toBeTruthy();
  }, 120_000);
  afterAll(() => {
    killAllServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pathOf = (route: FuzzRoute) => route.url.replace(/:[A-Za-z_]\w*|\*/g, '1');
  const problems = (route: FuzzRoute | undefined, a: RawAnswer) =>
    answerProblems(route?.method ?? 'GET', route?.family, {
      statusCode: a.status,
      headers: a.headers,
      body: a.body,
    });

  it('refuses unparsable bodies to every write route with a clear 4xx', { timeout: 120_000 }, async () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
    for (const route of writeRoutes) {
      for (const spec of UNPARSABLE_BODIES) {
        const { payload, contentType } = bodyBytes(spec);
        const headers: Record<string, string> = {
          apikey: anonKey,
          authorization: `Bearer ${token}`,
          ...(contentType ? { 'content-type': contentType } : {}),
        };
        const a = await rawRequest(server.url, httpRequest(route.method, pathOf(route), headers, payload));
        const what = `${route.key} ${spec.kind} ${contentType ?? '(no type)'} → ${a.status} ${a.body.slice(0, 160)}`;
        expect(a.status, what).toBeGreaterThanOrEqual(400);
        expect(problems(route, a), what).toEqual([]);
      }
    }
  });

  it('answers protocol garbage with a 4xx, and keeps serving', { timeout: 120_000 }, async () => {
    for (const [what, bytes] of PROTOCOL_GARBAGE) {
      const a = await rawRequest(server.url, bytes);
      expect(a.status, `${what} → ${a.status} ${a.body.slice(0, 160)}`).toBeGreaterThanOrEqual(400);
      expect(problems(undefined, a), what).toEqual([]);
    }
  });

  it('survives random bytes as request bodies', { timeout: 120_000 }, async () => {
    const runs = Math.max(20, Math.ceil(FUZZ_RUNS / 10));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writeRoutes),
        fc.uint8Array({ maxLength: 2048 }),
        async (route, bytes) => {
          const headers = {
            apikey: anonKey,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          };
          const a = await rawRequest(
            server.url,
            httpRequest(route.method, pathOf(route), headers, Buffer.from(bytes)),
          );
          expect(a.status).toBeGreaterThanOrEqual(200);
          expect(problems(route, a)).toEqual([]);
        },
      ),
      { numRuns: runs, seed: FUZZ_SEED },
    );
  });

  it(
    'times out a body that never finishes (408) while serving other requests',
    { timeout: 60_000 },
    async () => {
      const started = Date.now();
      const slow = rawRequest(
        server.url,
        httpRequest(
          'POST',
          '/auth/v1/signup',
          { apikey: anonKey, 'content-type': 'application/json', 'content-length': '100' },
          '{"email":',
        ),
      );
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const a = await slow;
      expect(a.status).toBe(408);
      expect(problems(undefined, a)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );

  it('is still up, and healthy', async () => {
    expect(server.proc.exitCode).toBeNull();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(server.output()).not.toMatch(/uncaught|unhandled|FATAL/i);
  });
});
