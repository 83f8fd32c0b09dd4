import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { PERMISSION_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { depositScene } from '../../../test/support/deposit-accounts.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { channelStatuses, closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { cashAccount, fundVault, leones, ref } from '../../../test/support/teller.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

const HO = '001';
const BO = '010';

/**
 * A supervisor of the Bo branch, without `branches.all`, attacks Head Office's four-eyes requests:
 * a posting, a cash withdrawal, a till closed short, a vault transfer, a reversal and a salary batch.
 * They must not find them in the inbox (nor in its count), hear of them over the websocket, nor
 * approve or reject them; a Bo request they still list, hear of and approve.
 */
describe('four-eyes keeps to the checker’s branch', () => {
  let t: TestApp;
  let boSup: StaffUser & { userId: string };
  let boClient: Awaited<ReturnType<typeof realtimeUser>>['client'];
  let hoSup2: StaffUser;
  let boss: StaffUser;
  let ch: ReturnType<Awaited<ReturnType<typeof realtimeUser>>['client']['channel']> | undefined;
  const statuses = () => `Channel statuses: ${(ch && channelStatuses.get(ch)?.join(', ')) ?? 'none'}.`;
  const heard = inbox<Change>();
  const marks = inbox<Change>(30_000, statuses);
  const head: Record<string, string> = {};
  let bo = '';
  let bankWide = '';

  const call = (who: StaffUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const ids = async (who: StaffUser, query = '') => {
    const res = await call(who, 'GET', `/api/approvals${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: res.json<{ id: string }[]>().map((r) => r.id), total: res.headers['x-total-count'] };
  };
  const accepted = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { approvalId: string }).approvalId;
  };
  /** Changes arrive in commit order: once the reader's own marker arrives, every earlier one has. */
  const settle = async () => {
    await marks.after(() =>
      t.app.db.execute(sql`update profiles set theme = 'dark' where id = ${boSup.userId}`),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    const scene = await depositScene(t.app);
    boss = scene.boss;
    const addr = t.app.server.address();
    const baseUrl = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
    await fundVault(t.app, HO, '1000000.00', '50000.00');
    await fundVault(t.app, BO, '1000000.00', '50000.00');
    const staff = async (prefix: string, role: string, branch: string) => {
      const u = await scene.makeStaff('activated', prefix);
      await setRoles(t.app, u.userId, [role], branch);
      return u;
    };
    const [hoTeller, hoTeller2, hoSup, hoMgr, boSup2] = await Promise.all([
      staff('hoteller', 'teller', HO),
      staff('hoteller2', 'teller', HO),
      staff('hosup', 'supervisor', HO),
      staff('homgr', 'branch_manager', HO),
      staff('bosup2', 'supervisor', BO),
    ]);
    hoSup2 = await staff('hosup2', 'supervisor', HO);

    // The attacker, signed in with a realtime client, listening to approval_requests before anything.
    const rt = await realtimeUser(baseUrl, t.app, 'bosup');
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${rt.userId}`);
    await setRoles(t.app, rt.userId, ['supervisor'], BO);
    boSup = { userId: rt.userId, email: rt.id.email, auth: `Bearer ${rt.session.access_token}` };
    boClient = rt.client;
    ch = rt.client
      .channel('bo-approvals')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'approval_requests' }, (p) =>
        heard.push(p),
      )
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) => marks.push(p));
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');

    const hoAccount = await cashAccount(t.app, { branch: HO, balance: '500000.00' });
    const hoPayee = await cashAccount(t.app, { branch: HO });
    const boAccount = await cashAccount(t.app, { branch: BO, balance: '500000.00' });

    // A posting over the HO supervisor's own limit (Le 200,000).
    const posting = (who: StaffUser, number: string) =>
      call(who, 'POST', `/api/accounts/${number}/transactions`, {
        direction: 'credit',
        amount: '300000.00',
        description: 'Large deposit',
        reference: ref('POST'),
        counter_account: '1900',
      });
    head.posting = accepted(await posting(hoSup, hoAccount.number));

    // A cash withdrawal over the teller's limit, a vault transfer, and a till closed short.
    const open = async (who: StaffUser, allocation: string) => {
      const r = await call(who, 'POST', '/api/teller/sessions', {
        reference: ref('OPEN'),
        tillCode: `HO-${who.userId.slice(0, 8)}`,
        currency: 'SLE',
        allocation: leones(allocation),
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json<{ id: string }>().id;
    };
    const till = await open(hoTeller, '50000.00');
    const withdrawal = await call(hoTeller, 'POST', '/api/teller/withdrawals', {
      reference: ref('WDL'),
      accountNumber: hoAccount.number,
      amount: '30000.00',
      partyName: 'Holder in person',
      partyIdNumber: 'NIN-9',
      signatureConfirmed: true,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(202);
    head.withdrawal = withdrawal.json<{ approvalId: string }>().approvalId;
    head.vault = accepted(
      await call(hoTeller, 'POST', `/api/teller/sessions/${till}/vault-transfers`, {
        reference: ref('BUY'),
        direction: 'buy',
        count: leones('5000.00'),
      }),
    );
    const short = await open(hoTeller2, '1000.00');
    head.tillClose = accepted(
      await call(hoTeller2, 'POST', `/api/teller/sessions/${short}/close`, {
        reference: ref('CLOSE'),
        count: leones('900.00'),
      }),
    );

    // A reversal of an HO entry.
    const entry = await postTestEntry(t.app.db, [
      { accountId: hoAccount.id, side: 'credit', amount: '700.00' },
      { gl: '1900', side: 'debit', amount: '700.00', currency: 'SLE' },
    ]);
    head.reversal = accepted(
      await call(hoSup, 'POST', `/api/journal-entries/${entry}/reversal`, {
        reason: 'Posted to the wrong account',
        reference: ref('REV'),
      }),
    );

    // A salary batch paid from an HO employer.
    const upload = await call(hoMgr, 'POST', '/api/salary-batches', {
      employer_account: hoAccount.number,
      reference: ref('SAL'),
      narration: 'Salary March',
      csv: `account,amount,narration\n${hoPayee.number},150.00,March pay`,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    head.salary = accepted(
      await call(hoMgr, 'POST', `/api/salary-batches/${upload.json<{ id: string }>().id}/submit`, {}),
    );

    // A manual journal on bank-wide GL accounts (the central bank, suspense): no branch's alone.
    bankWide = accepted(
      await call(hoSup, 'POST', '/api/journal-entries', {
        narration: 'Fund BSL from suspense',
        reference: ref('MJ'),
        lines: [
          { gl_code: '1030', currency: 'SLE', side: 'debit', amount: '250000.00' },
          { gl_code: '1900', currency: 'SLE', side: 'credit', amount: '250000.00' },
        ],
      }),
    );

    // And one request of Bo's own.
    bo = accepted(await posting(boSup2, boAccount.number));
  });
  afterAll(async () => {
    await closeAll([boClient]);
    await t.close();
  });

  it('every request carries the branch of its subject', async () => {
    const all = (await call(boss, 'GET', '/api/approvals?scope=all&pageSize=50')).json<
      { id: string; type: string; branch: string | null }[]
    >();
    const branchOf = (id: string) => all.find((r) => r.id === id)?.branch;
    for (const id of Object.values(head)) expect(branchOf(id)).toBe(HO);
    expect(branchOf(bo)).toBe(BO);
  });

  it('the Bo supervisor’s inbox and its count hold Bo’s request only; asking for HO is 403', async () => {
    const inboxOf = await ids(boSup);
    expect(inboxOf.ids).toEqual([bo]);
    expect(inboxOf.total).toBe('1');
    const ho = await call(boSup, 'GET', `/api/approvals?branch=${HO}`);
    expect(ho.statusCode).toBe(403);
    expect(ho.json().details).toEqual({ permission: 'branches.all' });
    // A supervisor at HO sees HO's requests: the Bo supervisor's view is narrowed by branch alone.
    expect((await ids(hoSup2)).ids).toEqual(expect.arrayContaining(Object.values(head)));
  });

  it('over the websocket the Bo supervisor hears of Bo’s request only', async () => {
    await settle();
    const got = heard.items.map((c) => String((c.new as { id?: string }).id));
    expect(got).toEqual([bo]);
  });

  it('approving or rejecting an HO request is 403 and changes nothing', async () => {
    for (const [type, id] of Object.entries(head)) {
      const approve = await call(boSup, 'POST', `/api/approvals/${id}/approve`);
      expect([type, approve.statusCode]).toEqual([type, 403]);
      expect(approve.json()).toEqual({
        error: PERMISSION_TEXT.otherBranch,
        details: { permission: 'branches.all' },
      });
      const reject = await call(boSup, 'POST', `/api/approvals/${id}/reject`, { reason: 'Not mine' });
      expect([type, reject.statusCode]).toEqual([type, 403]);
    }
    const statuses = (await call(boss, 'GET', '/api/approvals?scope=all&pageSize=50')).json<
      { id: string; status: string }[]
    >();
    for (const id of Object.values(head)) expect(statuses.find((r) => r.id === id)?.status).toBe('pending');
  });

  it('a bank-wide request carries no branch and is decided only with branches.all', async () => {
    for (const who of [boSup, hoSup2]) {
      expect((await ids(who)).ids).not.toContain(bankWide);
      const res = await call(who, 'POST', `/api/approvals/${bankWide}/approve`);
      expect(res.statusCode).toBe(403);
      expect(res.json().details).toEqual({ permission: 'branches.all' });
    }
    const all = (await call(boss, 'GET', '/api/approvals?scope=all&pageSize=50')).json<
      { id: string; branch: string | null }[]
    >();
    expect(all.find((r) => r.id === bankWide)?.branch).toBeNull();
  });

  it('the same supervisor approves Bo’s request, and hears of the decision', async () => {
    const res = await call(boSup, 'POST', `/api/approvals/${bo}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    await settle();
    expect(heard.items.map((c) => `${c.eventType} ${String((c.new as { id?: string }).id)}`)).toEqual([
      `INSERT ${bo}`,
      `UPDATE ${bo}`,
    ]);
  });
});
