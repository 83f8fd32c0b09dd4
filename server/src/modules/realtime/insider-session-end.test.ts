import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { closeAll, inbox, realtimeUser } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

type Person = Awaited<ReturnType<typeof realtimeUser>>;

/**
 * A checker's socket must stop receiving approval rows the moment their session ends (sign-out, an
 * administrator's "end sessions", a ban), not when the last access token they hold expires. The
 * attacker keeps the socket open and never sends another message: the server alone must end it.
 */
describe('ending a session ends its realtime channels', () => {
  let t: TestApp;
  let baseUrl: string;
  let accountNumber: string;
  let reference = 0;
  const people: Person[] = [];

  const staff = async (prefix: string, roles: string[], superuser = false) => {
    const u = await realtimeUser(baseUrl, t.app, prefix);
    people.push(u);
    await t.app.db.execute(
      sql`update staff set approved = true, is_superuser = ${superuser} where user_id = ${u.userId}`,
    );
    await setRoles(t.app, u.userId, roles, 'T01');
    return u;
  };
  const bearer = (who: Person) => ({ authorization: `Bearer ${who.session.access_token}` });

  /** A posting over the officer's limit: a four-eyes request the checker's inbox would show. */
  const request = async (maker: Person) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountNumber}/transactions`,
      headers: bearer(maker),
      payload: {
        direction: 'credit',
        amount: '60000.00',
        description: 'Cash deposit',
        reference: `END${++reference}`,
        counter_account: '1900',
      },
    });
    expect(res.statusCode).toBe(202);
  };

  /** The checker's approvals channel: rows heard, statuses and system messages. */
  const watchApprovals = (who: Person) => {
    const rows = inbox<unknown>();
    const statuses = inbox<string>();
    const system = inbox<{ status: string; message: string }>();
    const ch: RealtimeChannel = who.client
      .channel(`approvals-${who.userId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'approval_requests' }, (p) =>
        rows.push(p.new),
      )
      .on('system', {}, (m: { status: string; message: string }) => system.push(m));
    ch.subscribe((s) => statuses.push(s));
    return { rows, statuses, system };
  };

  /** The channel hears one request, then the session ends, then it is closed and hears nothing more. */
  async function attack(end: (checker: Person) => Promise<void>) {
    const maker = await staff('endmaker', ['officer']);
    const checker = await staff('endcheck', ['supervisor']);
    const w = watchApprovals(checker);
    expect(await w.statuses.next(1)).toEqual(['SUBSCRIBED']);
    await request(maker);
    await w.rows.next(1);

    await end(checker);
    const [, ended] = await w.system.next(2);
    expect(ended).toMatchObject({ status: 'error', message: 'Unauthorized: the session has ended' });
    expect(await w.statuses.next(2)).toEqual(['SUBSCRIBED', 'CLOSED']);

    await request(maker);
    // A marker: the maker's own request reaches the maker's channel, so the change was delivered.
    const m = watchApprovals(maker);
    await m.statuses.next(1);
    await request(maker);
    await m.rows.next(1);
    expect(w.rows.items).toHaveLength(1);
  }

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

  it('sign-out (POST /auth/v1/logout) closes the channel at once', async () => {
    await attack(async (checker) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: { ...bearer(checker), apikey: t.app.authService.anonKey },
      });
      expect(res.statusCode).toBe(204);
    });
  });

  it("an administrator's end sessions closes the channel at once", async () => {
    const admin = await staff('endadmin', [], true);
    await attack(async (checker) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/staff/${checker.userId}/end-sessions`,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('another session of the same user keeps its channel', async () => {
    const checker = await staff('endother', ['supervisor']);
    const w = watchApprovals(checker);
    expect(await w.statuses.next(1)).toEqual(['SUBSCRIBED']);
    // A second sign-in of the checker, then that one signs out: the first session's channel stays.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: t.app.authService.anonKey },
      payload: { email: checker.id.email, password: checker.id.password },
    });
    expect(signIn.statusCode).toBe(200);
    const other = signIn.json<{ access_token: string }>().access_token;
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { authorization: `Bearer ${other}`, apikey: t.app.authService.anonKey },
    });
    expect(out.statusCode).toBe(204);
    const maker = await staff('endmaker2', ['officer']);
    await request(maker);
    await w.rows.next(1);
    expect(w.statuses.items).toEqual(['SUBSCRIBED']);
  });
});
