import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type DbHandle } from '../../db/client.ts';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser, subscribe, until } from '../../../test/support/realtime.ts';

// Two servers on one PostgreSQL: only where there is one (npm run test:pg sets TEST_DATABASE_URL).
const clustered = !!process.env.TEST_DATABASE_URL;

let one: TestApp;
let twoDb: DbHandle;
let two: App;
const urls: string[] = [];
const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];

beforeAll(async () => {
  if (!clustered) return;
  one = await createTestApp();
  urls.push(await listen(one.app));
  twoDb = await openDatabase({ databaseUrl: one.db.url, dataDir: 'memory://' });
  two = await buildApp({ config: testConfig(), db: twoDb, logger: false });
  await two.ready();
  urls.push(await listen(two));
});
afterAll(async () => {
  if (!clustered) return;
  await closeAll(clients);
  await two.close();
  await twoDb.close();
  await one.close();
});

async function staffOn(server: 0 | 1, prefix: string) {
  const u = await realtimeUser(urls[server]!, server === 0 ? one.app : two, prefix);
  await one.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
  clients.push(u.client);
  return u;
}

describe.skipIf(!clustered)('delivery across two servers on one PostgreSQL', () => {
  it('broadcast and presence cross servers', async () => {
    const a = await staffOn(0, 'cla');
    const b = await staffOn(1, 'clb');
    const heard = inbox<unknown>();
    const chA = a.client.channel('staff:desk-9', { config: { private: true, presence: { key: 'a' } } });
    const chB = b.client
      .channel('staff:desk-9', { config: { private: true, presence: { key: 'b' } } })
      .on('broadcast', { event: 'hi' }, (m) => heard.push(m.payload));
    chA.on('presence', { event: 'sync' }, () => {});
    chB.on('presence', { event: 'sync' }, () => {});
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');
    await chA.send({ type: 'broadcast', event: 'hi', payload: { from: 'server one' } });
    expect(await heard.next(1)).toEqual([{ from: 'server one' }]);
    await chA.track({ name: 'A' });
    await until(() => 'a' in chB.presenceState());
    await chB.track({ name: 'B' });
    await until(() => 'b' in chA.presenceState());
    await chA.untrack();
    await until(() => !('a' in chB.presenceState()));
  });

  it('a row change reaches subscribers on both servers exactly once', async () => {
    const admin1 = await staffOn(0, 'cl1');
    const admin2 = await staffOn(1, 'cl2');
    await one.app.db.execute(
      sql`update staff set is_superuser = true where user_id in (${admin1.userId}, ${admin2.userId})`,
    );
    type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
    const got1 = inbox<Change>();
    const got2 = inbox<Change>();
    const table = { event: 'UPDATE', schema: 'public', table: 'staff_status' } as const;
    await subscribe(admin1.client.channel('s1').on('postgres_changes', table, (p) => got1.push(p)));
    await subscribe(admin2.client.channel('s2').on('postgres_changes', table, (p) => got2.push(p)));
    const pending = await realtimeUser(urls[1]!, two, 'clp');
    clients.push(pending.client);
    // Written through server two's pool, a second change through server one's.
    await twoDb.db.execute(sql`update staff set approved = true where user_id = ${pending.userId}`);
    await one.app.db.execute(sql`update staff set is_superuser = true where user_id = ${pending.userId}`);
    const ids = (xs: Change[]) => xs.map((c) => (c.new as { user_id: string }).user_id);
    expect(ids(await got1.next(2))).toEqual([pending.userId, pending.userId]);
    expect(ids(await got2.next(2))).toEqual([pending.userId, pending.userId]);
    // A last change as a marker: nothing was duplicated before it.
    await one.app.db.execute(sql`update staff set is_superuser = false where user_id = ${pending.userId}`);
    expect(await got1.next(3)).toHaveLength(3);
    expect(await got2.next(3)).toHaveLength(3);
  });
});
