import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type Person = Awaited<ReturnType<typeof realtimeUser>>;

/**
 * The approvals inbox is live (docs/realtime-protocol.md): a request's changes reach exactly the staff
 * GET /api/approvals shows it to (its maker, checkers who may decide it), never someone who may not
 * decide it.
 */
describe('approval_requests over /realtime/v1', () => {
  let t: TestApp;
  let baseUrl: string;
  let accountNumber: string;
  const people: Person[] = [];
  let reference = 0;

  const staff = async (prefix: string, roles: string[]) => {
    const u = await realtimeUser(baseUrl, t.app, prefix);
    people.push(u);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await setRoles(t.app, u.userId, roles, 'T01');
    return u;
  };
  const http = (who: Person, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.session.access_token}` },
      ...(payload ? { payload } : {}),
    });
  /** A posting over the officer's limit: a four-eyes request (202). */
  const request = async (maker: Person, amount: string): Promise<string> => {
    const res = await http(maker, 'POST', `/api/accounts/${accountNumber}/transactions`, {
      direction: 'credit',
      amount,
      description: 'Cash deposit',
      reference: `LIVE${++reference}`,
      counter_account: '1900',
    });
    expect(res.statusCode).toBe(202);
    return res.json<{ approvalId: string }>().approvalId;
  };
  /** Everything this person hears on approval_requests, and a marker row of their own to wait on. */
  const listen_ = async (who: Person) => {
    const requests = inbox<Change>();
    const marks = inbox<Change>();
    const ch = who.client
      .channel(`approvals-${who.userId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'approval_requests' }, (p) =>
        requests.push(p),
      )
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) => marks.push(p));
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    return {
      requests,
      ids: () => requests.items.map((c) => `${c.eventType} ${String((c.new as { id?: string }).id)}`),
      /** Changes are delivered in commit order: once this one arrives, every earlier one has. */
      settle: async () => {
        await marks.after(() =>
          t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${who.userId}`),
        );
      },
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
    const { accountId } = await openTestAccount(t.app.db);
    const [a] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select account_number as n from accounts where id = ${accountId}`,
    );
    accountNumber = a!.n;
  });
  afterAll(async () => {
    await closeAll(people.map((p) => p.client));
    await t.close();
  });

  it('reaches the maker and the checkers who may decide it, not a teller nor a checker over their limit', async () => {
    const maker = await staff('rtmaker', ['officer']);
    const checker = await staff('rtcheck', ['supervisor']);
    const teller = await staff('rtteller', ['teller']);
    const [m, c, tl] = await Promise.all([listen_(maker), listen_(checker), listen_(teller)]);

    const small = await request(maker, '60000.00');
    const large = await request(maker, '2000000.00');
    // The supervisor's limit covers the first only; the inbox says the same.
    const inboxIds = (await http(checker, 'GET', '/api/approvals?scope=decide')).json<{ id: string }[]>();
    expect(inboxIds.map((r) => r.id)).toContain(small);
    expect(inboxIds.map((r) => r.id)).not.toContain(large);

    expect((await http(checker, 'POST', `/api/approvals/${small}/approve`)).statusCode).toBe(200);
    await Promise.all([m.settle(), c.settle(), tl.settle()]);

    expect(c.ids()).toEqual([`INSERT ${small}`, `UPDATE ${small}`]);
    expect(c.requests.items[1]?.new).toMatchObject({
      status: 'approved',
      amount: '60000.00',
      currency: 'SLE',
    });
    expect(m.ids()).toEqual([`INSERT ${small}`, `INSERT ${large}`, `UPDATE ${small}`]);
    // The teller may not decide a posting: nothing, not even that one exists.
    expect(tl.ids()).toEqual([]);
    // The row carries no command: the details stay behind the API.
    expect(Object.keys(c.requests.items[0]?.new ?? {})).not.toContain('command');
  });

  it('a role given while subscribed widens what the channel reads, from the next change on', async () => {
    const maker = await staff('rtmaker2', ['officer']);
    const late = await staff('rtlate', ['teller']);
    const l = await listen_(late);
    const before = await request(maker, '61000.00');
    await setRoles(t.app, late.userId, ['supervisor'], 'T01');
    await l.settle();
    const after = await request(maker, '62000.00');
    await l.settle();
    expect(l.ids()).toEqual([`INSERT ${after}`]);
    expect(l.ids()).not.toContain(`INSERT ${before}`);
  });
});
