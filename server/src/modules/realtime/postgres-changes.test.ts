import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { PUBLISHED_TABLES } from './index.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
let t: TestApp;
let baseUrl: string;
const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];

async function user(prefix: string, kind: 'pending' | 'activated' | 'superuser' = 'pending') {
  const u = await realtimeUser(baseUrl, t.app, prefix);
  clients.push(u.client);
  if (kind !== 'pending') {
    await t.app.db.execute(
      sql`update staff set approved = true, is_superuser = ${kind === 'superuser'} where user_id = ${u.userId}`,
    );
  }
  return u;
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await closeAll(clients);
  await t.close();
});

describe('published tables', () => {
  it('every published table has a read rule and a trigger that announces its changes', async () => {
    const triggers = await queryRows<{ args: string }>(
      t.app.db,
      sql`select encode(tgargs, 'escape') as args from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where p.proname in ('realtime_notify', 'realtime_notify_inserted')`,
    );
    for (const table of PUBLISHED_TABLES) {
      expect(typeof table.canRead, table.name).toBe('function');
      // Nobody reads a row of another user just by subscribing.
      const stranger = {
        userId: '00000000-0000-4000-8000-000000000000',
        isActivated: false,
        isSuperuser: false,
        permissions: [],
        homeBranch: null,
      };
      expect(
        await table.canRead(
          stranger,
          { [table.key]: '11111111-1111-4111-8111-111111111111' },
          t.app.db,
          t.config,
          t.app.approvals,
        ),
        table.name,
      ).toBe(false);
      expect(
        triggers.some((tr) => tr.args.split('\\000')[0] === table.name),
        table.name,
      ).toBe(true);
    }
  });
});

describe('postgres_changes', () => {
  it("delivers a user's own profile change, never another user's", async () => {
    const me = await user('pcme');
    const other = await user('pcother');
    const got = inbox<Change>();
    const ch = me.client
      .channel('my-profile')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'profiles' }, (p) => got.push(p));
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    await t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${other.userId}`);
    await t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${me.userId}`);
    const [change] = await got.next(1);
    expect(change).toMatchObject({
      eventType: 'UPDATE',
      table: 'profiles',
      new: { id: me.userId, theme: 'dark' },
    });
    expect(change?.old).toEqual({ id: me.userId });
    expect(got.items).toHaveLength(1);
  });

  it('applies each filter: eq, neq, lt, lte, gt, gte, in', async () => {
    const admin = await user('pcadmin', 'superuser');
    const [u1, u2, u3] = (await Promise.all([user('pcf1'), user('pcf2'), user('pcf3')]))
      .map((u) => u.userId)
      .sort();
    const filters = {
      eq: `user_id=eq.${u2}`,
      neq: `user_id=neq.${u2}`,
      lt: `user_id=lt.${u2}`,
      lte: `user_id=lte.${u2}`,
      gt: `user_id=gt.${u2}`,
      gte: `user_id=gte.${u2}`,
      in: `user_id=in.(${u1},${u3})`,
    };
    const seen: Record<string, string[]> = {};
    for (const [name, filter] of Object.entries(filters)) {
      seen[name] = [];
      const ch = admin.client
        .channel(`filter-${name}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'staff_status', filter }, (p) =>
          seen[name]?.push(String((p.new as { user_id: string }).user_id)),
        );
      expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    }
    // Subscribed last, so it hears each change after the filtered channels on the same socket.
    const all = inbox<string>();
    await subscribe(
      admin.client
        .channel('filter-all')
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'staff_status' }, (p) =>
          all.push(String((p.new as { user_id: string }).user_id)),
        ),
    );
    for (const id of [u1, u2, u3])
      await t.app.db.execute(sql`update staff set approved = true where user_id = ${id}`);
    expect(await all.next(3)).toEqual([u1, u2, u3]);
    expect(seen).toEqual({
      eq: [u2],
      neq: [u1, u3],
      lt: [u1],
      lte: [u1, u2],
      gt: [u3],
      gte: [u2, u3],
      in: [u1, u3],
    });
  });

  it('INSERT and DELETE events, and a pending user receives only their own rows', async () => {
    const admin = await user('pcadm2', 'superuser');
    const pending = await user('pcpend');
    const inserts = inbox<Change>();
    const deletes = inbox<Change>();
    const eventsGone = inbox<Change>();
    const mine = inbox<Change>();
    const events = inbox<Change>();
    await subscribe(
      admin.client
        .channel('events')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'dashboard_events' }, (p) =>
          inserts.push(p),
        )
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'staff_status' }, (p) =>
          deletes.push(p),
        )
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'dashboard_events' }, (p) =>
          eventsGone.push(p),
        ),
    );
    await subscribe(
      pending.client
        .channel('mine')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'staff_status' }, (p) => mine.push(p))
        .on('postgres_changes', { event: '*', schema: 'public', table: 'dashboard_events' }, (p) =>
          events.push(p),
        ),
    );
    const newcomer = await user('pcnew');
    const [added] = await inserts.next(1);
    expect(added).toMatchObject({
      eventType: 'INSERT',
      new: { id: `new_user:${newcomer.userId}`, type: 'new_user' },
    });
    await t.app.db.execute(sql`delete from auth_users where id = ${newcomer.userId}`);
    const [gone] = await deletes.next(1);
    expect(gone).toMatchObject({ eventType: 'DELETE', old: { user_id: newcomer.userId }, new: {} });
    // A rejected sign-up (the user deleted) leaves the dashboard's events too.
    const [left] = await eventsGone.next(1);
    expect(left).toMatchObject({ eventType: 'DELETE', old: { id: `new_user:${newcomer.userId}` } });
    // The pending user heard none of that; their own approval reaches them.
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${pending.userId}`);
    const [own] = await mine.next(1);
    expect(own).toMatchObject({ eventType: 'UPDATE', new: { user_id: pending.userId, approved: true } });
    expect(mine.items).toHaveLength(1);
    expect(events.items).toEqual([]);
  });

  it('a ban is delivered to the banned user, then their channel closes', async () => {
    const u = await user('pcban', 'activated');
    const got = inbox<Change>();
    const statuses = inbox<string>();
    u.client
      .channel('status')
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'staff_status', filter: `user_id=eq.${u.userId}` },
        (p) => got.push(p),
      )
      .subscribe((s) => statuses.push(s));
    await statuses.next(1);
    await t.app.db.execute(
      sql`update auth_users set banned_until = now() + interval '1 day' where id = ${u.userId}`,
    );
    const [ban] = await got.next(1);
    expect((ban?.new as { banned_until: string | null }).banned_until).toBeTruthy();
    expect(await statuses.next(2)).toEqual(['SUBSCRIBED', 'CLOSED']);
  });

  it('refuses tables that are not published and filters that do not parse', async () => {
    const u = await user('pcbad', 'activated');
    const secret = await subscribe(
      u.client
        .channel('bad-1')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'auth_users' }, () => {}),
    );
    expect(secret.status).toBe('CHANNEL_ERROR');
    expect(secret.error?.message).toMatch(/not published/);
    const badFilter = await subscribe(
      u.client
        .channel('bad-2')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'profiles', filter: 'id=like.x' },
          () => {},
        ),
    );
    expect(badFilter.status).toBe('CHANNEL_ERROR');
    expect(badFilter.error?.message).toMatch(/operator must be one of/);
  });
});
