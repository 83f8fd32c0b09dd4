import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser, subscribe, until } from '../../../test/support/realtime.ts';

let t: TestApp;
let baseUrl: string;
const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];

async function staffMember(prefix: string) {
  const u = await realtimeUser(baseUrl, t.app, prefix);
  await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
  clients.push(u.client);
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

describe('broadcast', () => {
  it('reaches the other subscribers, and the sender only with self', async () => {
    const a = await staffMember('bca');
    const b = await staffMember('bcb');
    const gotA = inbox<unknown>();
    const gotB = inbox<unknown>();
    const chA = a.client
      .channel('desk', { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'note' }, (m) => gotA.push(m.payload));
    const chB = b.client.channel('desk').on('broadcast', { event: 'note' }, (m) => gotB.push(m.payload));
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');

    // ack: the server confirms; self: the sender hears itself.
    expect(await chA.send({ type: 'broadcast', event: 'note', payload: { text: 'from a' } })).toBe('ok');
    expect(await gotB.next(1)).toEqual([{ text: 'from a' }]);
    expect(await gotA.next(1)).toEqual([{ text: 'from a' }]);

    // Without self, b does not hear its own message; a does.
    await chB.send({ type: 'broadcast', event: 'note', payload: { text: 'from b' } });
    expect(await gotA.next(2)).toEqual([{ text: 'from a' }, { text: 'from b' }]);
    expect(gotB.items).toEqual([{ text: 'from a' }]);
  });

  it('public topics carry no broadcast to or from a user awaiting activation', async () => {
    const staff = await staffMember('bcs');
    const pending = await realtimeUser(baseUrl, t.app, 'bcp');
    clients.push(pending.client);
    const heard = inbox<unknown>();
    const chS = staff.client.channel('hall');
    const chP = pending.client
      .channel('hall', { config: { broadcast: { ack: true } } })
      .on('broadcast', { event: '*' }, (m) => heard.push(m));
    await subscribe(chS);
    await subscribe(chP);
    expect(await chP.send({ type: 'broadcast', event: 'x', payload: {} })).toBe('error');
    await chS.send({ type: 'broadcast', event: 'x', payload: {} });
    // A round trip on the pending user's socket after the staff broadcast: nothing arrived before it.
    await chP.send({ type: 'broadcast', event: 'x', payload: {} });
    expect(heard.items).toEqual([]);
  });
});

describe('presence', () => {
  it('track and untrack send presence_state and presence_diff', async () => {
    const a = await staffMember('pra');
    const b = await staffMember('prb');
    const chA = a.client.channel('staff:customer-7', {
      config: { private: true, presence: { key: 'alice' } },
    });
    const chB = b.client.channel('staff:customer-7', { config: { private: true, presence: { key: 'bob' } } });
    const leaves = inbox<string>();
    chA
      .on('presence', { event: 'sync' }, () => {})
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    chB.on('presence', { event: 'sync' }, () => {});
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect(await chA.track({ name: 'Alice' })).toBe('ok');
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');
    await until(() => 'alice' in chB.presenceState());
    expect(chB.presenceState().alice?.[0]).toMatchObject({ name: 'Alice' });
    await chB.track({ name: 'Bob' });
    await until(() => 'bob' in chA.presenceState());
    expect(await chB.untrack()).toBe('ok');
    expect(await leaves.next(1)).toEqual(['bob']);
    expect(Object.keys(chA.presenceState())).toEqual(['alice']);
  });

  it("stamps who is present from the server's records: a client cannot appear as someone else", async () => {
    const a = await staffMember('prc');
    const b = await staffMember('prd');
    await t.app.db.execute(sql`update profiles set full_name = 'Fatmata Kamara' where id = ${a.userId}`);
    const chA = a.client.channel('staff:account-12', { config: { private: true } });
    const chB = b.client.channel('staff:account-12', { config: { private: true } });
    chB.on('presence', { event: 'sync' }, () => {});
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');
    expect(await chA.track({ user_id: b.userId, user_name: 'The Manager', view: 'enquiry' })).toBe('ok');
    await until(() => Object.keys(chB.presenceState()).length === 1);
    const [meta] = Object.values(chB.presenceState())[0] ?? [];
    expect(meta).toMatchObject({ user_id: a.userId, user_name: 'Fatmata Kamara', view: 'enquiry' });
  });
});
