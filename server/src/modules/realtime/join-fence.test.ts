import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { buildApp, type App } from '../../app.ts';
import type { DbHandle } from '../../db/client.ts';
import { createTestDb, listen, testConfig } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** How late this server hears each NOTIFY: longer than a join takes, as on a busy machine. */
const LAG_MS = 400;

/**
 * A server whose LISTEN connection hears every NOTIFY late (in order). A change committed just
 * before a channel joined then reaches the server after the join: the channel must not hear it (the
 * screen's refetch on SUBSCRIBED already read it), and must hear every change committed after.
 */
describe('a channel hears the changes committed after it joined, and only those', () => {
  let app: App;
  let db: DbHandle;
  let client: Awaited<ReturnType<typeof realtimeUser>>['client'];

  beforeAll(async () => {
    db = await createTestDb();
    const lagging: DbHandle = {
      ...db,
      listen: (channel, onPayload, onReconnect) =>
        db.listen(channel, (p) => void setTimeout(() => onPayload(p), LAG_MS), onReconnect),
    };
    app = await buildApp({ config: testConfig(), db: lagging, logger: false });
    await app.ready();
    await listen(app);
  });
  afterAll(async () => {
    await closeAll([client]);
    await app.close();
    await db.close();
  });

  it('does not deliver the change committed just before the join, and delivers the one after', async () => {
    const addr = app.server.address();
    const baseUrl = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
    const u = await realtimeUser(baseUrl, app, 'fence');
    client = u.client;
    // Sign-up's own NOTIFYs are heard before this point.
    await new Promise((r) => setTimeout(r, LAG_MS * 2));
    const heard = inbox<Change>();
    const channel = client
      .channel('own-profile')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) => heard.push(p));
    await app.db.execute(sql`update profiles set theme = 'dark' where id = ${u.userId}`);
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await app.db.execute(sql`update profiles set theme = 'light' where id = ${u.userId}`);
    const [first] = await heard.next(1);
    expect(first).toMatchObject({ eventType: 'UPDATE', new: { id: u.userId, theme: 'light' } });
    await new Promise((r) => setTimeout(r, LAG_MS * 2));
    expect(heard.items).toHaveLength(1);
  });
});
