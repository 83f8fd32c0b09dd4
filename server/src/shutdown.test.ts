import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestDb, listen, testConfig } from '../test/support/harness.ts';
import { closeGracefully } from './shutdown.ts';

describe('closeGracefully (what SIGTERM and Ctrl-C run)', () => {
  it('lets an in-flight request finish, refuses new ones, then closes the database', async () => {
    const db = await createTestDb();
    const app = await buildApp({ config: testConfig(), db, logger: false });
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    app.get('/slow-for-test', async () => {
      entered();
      await new Promise((r) => setTimeout(r, 300));
      await db.ping(); // the database is still open while the request runs
      return { done: true };
    });
    const url = await listen(app);

    const inFlight = fetch(`${url}/slow-for-test`);
    await inHandler;
    const closing = closeGracefully(app, db);
    // A new request is refused: the listener is closed (connection refused), or, while the shutdown hooks
    // (realtime sockets, the audit checkpoint) still run, Fastify answers 503 on a connection it accepted.
    const late = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(db.ping(200)).rejects.toThrow(); // closed after the request finished
  });

  it('answers 503 while draining, on a route whose own 503 has another shape too', async () => {
    const db = await createTestDb();
    const app = await buildApp({ config: testConfig(), db, logger: false });
    app.draining = true;
    for (const url of ['/api/health', '/api/customers', '/auth/v1/settings']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 503, { error: 'The server is shutting down' }]);
      expect(res.headers.connection).toBe('close');
    }
    app.draining = false;
    await app.close();
    await db.close();
  });
});
