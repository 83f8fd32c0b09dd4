import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser, subscribe, until } from '../../../test/support/realtime.ts';
import type * as PublishedTables from './published-tables.ts';

/** How many more reads of a profile row fail (a busy database: pool wait or query timeout). */
const failing = vi.hoisted(() => ({ reads: 0 }));
vi.mock('./published-tables.ts', async (original) => {
  const real = await original<typeof PublishedTables>();
  return {
    ...real,
    readRow: async (...args: Parameters<typeof real.readRow>) => {
      if (args[1].name === 'profiles' && failing.reads > 0) {
        failing.reads -= 1;
        throw new Error('timeout exceeded when trying to connect');
      }
      return real.readRow(...args);
    },
  };
});

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** A change the server cannot read back is tried again, and never lost silently. */
describe('row changes the database is too busy to read back', () => {
  let t: TestApp;
  let baseUrl: string;
  const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await closeAll(clients);
    await t.close();
  });

  it('delivers the change once a retry reads it', async () => {
    const u = await realtimeUser(baseUrl, t.app, 'rtretry');
    clients.push(u.client);
    const changes = inbox<Change>();
    const ch = u.client
      .channel('retry')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) =>
        changes.push(p),
      );
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    failing.reads = 2;
    await t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${u.userId}`);
    const [change] = await changes.next(1);
    expect(change?.new).toMatchObject({ id: u.userId, theme: 'dark' });
    expect(failing.reads).toBe(0);
  });

  it('tells the subscriber when it keeps failing, so the screen rejoins and refetches', async () => {
    const u = await realtimeUser(baseUrl, t.app, 'rtlost');
    clients.push(u.client);
    const statuses: string[] = [];
    const ch = u.client
      .channel('lost')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, () => {});
    ch.subscribe((status) => statuses.push(status));
    await until(() => statuses.includes('SUBSCRIBED'));
    failing.reads = 3;
    await t.app.db.execute(sql`update profiles set theme = 'light' where id = ${u.userId}`);
    await until(() => statuses.includes('CHANNEL_ERROR'));
    // supabase-js rejoins on its own; SUBSCRIBED again is the screen's cue to refetch.
    await until(() => statuses.lastIndexOf('SUBSCRIBED') > statuses.indexOf('CHANNEL_ERROR'));
  });
});
