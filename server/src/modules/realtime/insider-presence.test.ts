import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { depositScene } from '../../../test/support/deposit-accounts.ts';
import { closeAll, realtimeUser, subscribe, until } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { cashAccount } from '../../../test/support/teller.ts';

const HO = '001';
const BO = '010';

/**
 * "Also viewing" presence on an account or a customer tells who is looking at whose record. Bo staff
 * (without `branches.all`) try to join Head Office's account and customer topics to watch HO at work:
 * refused, as /api refuses them the records; they still share presence on Bo's own.
 */
describe('presence keeps to the records a member of staff may read', () => {
  let t: TestApp;
  let baseUrl = '';
  const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];
  let ho: { number: string; custId: number }, bo: { number: string; custId: number };

  const member = async (prefix: string, role: string, branch: string) => {
    const u = await realtimeUser(baseUrl, t.app, prefix);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await setRoles(t.app, u.userId, [role], branch);
    clients.push(u.client);
    return u;
  };
  const join = (u: Awaited<ReturnType<typeof member>>, topic: string) => {
    const ch = u.client.channel(topic, { config: { private: true, presence: { key: u.userId } } });
    ch.on('presence', { event: 'sync' }, () => {});
    return ch;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await depositScene(t.app);
    const addr = t.app.server.address();
    baseUrl = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : await listen(t.app);
    ho = await cashAccount(t.app, { branch: HO });
    bo = await cashAccount(t.app, { branch: BO });
  });
  afterAll(async () => {
    await closeAll(clients);
    await t.close();
  });

  it('Bo staff cannot join HO’s account or customer topic; /api refuses them the same records', async () => {
    const hoClerk = await member('hoclerk', 'supervisor', HO);
    const boClerk = await member('boclerk', 'supervisor', BO);
    const watched = join(hoClerk, `account:${ho.number}`);
    expect((await subscribe(watched)).status).toBe('SUBSCRIBED');
    expect(await watched.track({ view: 'enquiry' })).toBe('ok');
    expect((await subscribe(join(hoClerk, `customer:${ho.custId}`))).status).toBe('SUBSCRIBED');

    for (const topic of [`account:${ho.number}`, `customer:${ho.custId}`]) {
      const spy = join(boClerk, topic);
      const out = await subscribe(spy);
      expect([topic, out.status]).toEqual([topic, 'CHANNEL_ERROR']);
      expect(out.error?.message).toMatch(/You do not have permissions to read from this Channel topic/);
      expect(spy.presenceState()).toEqual({});
    }
    const api = (url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${boClerk.session.access_token}` },
      });
    expect((await api(`/api/accounts/${ho.number}`)).statusCode).toBe(403);
    expect((await api(`/api/customers/${ho.custId}/360`)).statusCode).toBe(403);
  });

  it('staff of the record’s branch see each other there; so do Bo staff on a Bo account', async () => {
    const a = await member('boa', 'supervisor', BO);
    const b = await member('bob', 'teller', BO);
    const chA = join(a, `account:${bo.number}`);
    const chB = join(b, `account:${bo.number}`);
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect(await chA.track({ view: 'enquiry' })).toBe('ok');
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');
    await until(() => a.userId in chB.presenceState());
    expect((await subscribe(join(b, `customer:${bo.custId}`))).status).toBe('SUBSCRIBED');
  });

  it('without the screen’s permission, or for a record that does not exist, the topic is refused', async () => {
    // The Accountant role has no customers.read: it cannot open a customer, nor watch one.
    const accountant = await member('hoacct', 'accountant', HO);
    expect((await subscribe(join(accountant, `customer:${ho.custId}`))).status).toBe('CHANNEL_ERROR');
    const hoClerk = await member('hoclerk2', 'supervisor', HO);
    expect((await subscribe(join(hoClerk, 'customer:999999999'))).status).toBe('CHANNEL_ERROR');
    expect((await subscribe(join(hoClerk, 'account:0010000000000'))).status).toBe('CHANNEL_ERROR');
  });
});
