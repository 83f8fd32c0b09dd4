import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type DbHandle } from '../../db/client.ts';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser } from '../../../test/support/realtime.ts';

let one: TestApp;
let twoDb: DbHandle;
let two: App;
let urlTwo: string;
const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];

beforeAll(async () => {
  one = await createTestApp();
  await listen(one.app);
  twoDb = await openDatabase({ databaseUrl: one.db.url, dataDir: 'memory://' });
  two = await buildApp({ config: testConfig(), db: twoDb, logger: false });
  await two.ready();
  urlTwo = await listen(two);
});
afterAll(async () => {
  await closeAll(clients);
  await two.close();
  await twoDb.close();
  await one.close();
});

// Two servers on one PostgreSQL: server/vitest.config.ts runs this file in the PostgreSQL tier only.
describe('a session ended on one server', () => {
  it('closes its channels on the other server at once', async () => {
    const u = await realtimeUser(urlTwo, two, 'xsrv');
    clients.push(u.client);
    await one.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    const statuses = inbox<string>();
    const system = inbox<{ message: string }>();
    u.client
      .channel('own-status')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'profiles' }, () => {})
      .on('system', {}, (m: { message: string }) => system.push(m))
      .subscribe((s) => statuses.push(s));
    expect(await statuses.next(1)).toEqual(['SUBSCRIBED']);

    // Signed out through server one; the socket lives on server two.
    const res = await one.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: { authorization: `Bearer ${u.session.access_token}`, apikey: one.app.authService.anonKey },
    });
    expect(res.statusCode).toBe(204);
    const [, ended] = await system.next(2);
    expect(ended).toMatchObject({ message: 'Unauthorized: the session has ended' });
    expect(await statuses.next(2)).toEqual(['SUBSCRIBED', 'CLOSED']);
  });
});
