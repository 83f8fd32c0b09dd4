import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TillSession, TillSessionDetail, VaultBalance } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { BRANCH, dollars, leones, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';
import { openTillSessions } from './index.ts';

/** Till sessions over HTTP: vault transfers, counts that balance, overages, rejected counts, views. */
describe('till sessions and the vault', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
  });
  afterAll(() => t.close());

  const gl = async (code: string, currency = 'SLE') => {
    const [r] = await queryRows<{ b: string | null }>(
      t.db.db,
      sql`select sum(balance)::numeric(18,2)::text as b from gl_balances() where gl_code = ${code} and currency = ${currency}`,
    );
    return r?.b ?? '0.00';
  };
  const session = async (id: string, who = scene.sup) =>
    (await scene.call('GET', `/api/teller/sessions/${id}`, who)).json<TillSessionDetail>();

  it('buys from and sells to the vault only once a supervisor approves; a rejection moves nothing', async () => {
    const { call, teller, sup } = scene;
    const s = await openTill(scene, teller, '1000.00', 'V-1');
    const vaultBefore = await gl(`1010-${BRANCH}`);
    const buy = await call('POST', `/api/teller/sessions/${s}/vault-transfers`, teller, {
      reference: ref('BUY'),
      direction: 'buy',
      count: leones('5000.00'),
    });
    expect(buy.statusCode, buy.body).toBe(202);
    const { approvalId, transfer } = buy.json<{ approvalId: string; transfer: { status: string } }>();
    expect(transfer.status).toBe('pending_approval');
    expect(await gl(`1010-${BRANCH}`)).toBe(vaultBefore);
    expect((await call('POST', `/api/approvals/${approvalId}/approve`, teller)).statusCode).toBe(403);
    expect((await call('POST', `/api/approvals/${approvalId}/approve`, sup)).statusCode).toBe(200);
    expect((await session(s)).expected).toBe('6000.00');
    expect((await session(s)).vaultIn).toBe('5000.00');

    const sell = await call('POST', `/api/teller/sessions/${s}/vault-transfers`, teller, {
      reference: ref('SELL'),
      direction: 'sell',
      count: leones('2500.00'),
    });
    expect(sell.statusCode).toBe(202);
    const reject = await call('POST', `/api/approvals/${sell.json().approvalId}/reject`, sup, {
      reason: 'recount',
    });
    expect(reject.statusCode).toBe(200);
    const after = await session(s);
    expect(after.expected).toBe('6000.00');
    expect(after.vaultTransfers.map((v) => v.status)).toEqual(['posted', 'rejected']);
    // The teller does not see the expected cash (blind count); the supervisor does.
    expect((await session(s, teller)).expected).toBeNull();
  });

  it('closes a till whose count agrees at once, returning its cash to the vault', async () => {
    const s = await openTill(scene, scene.teller2, '300.00', 'EVEN');
    const vault = await gl(`1010-${BRANCH}`);
    const closing = { reference: ref('C'), count: leones('300.00') };
    const r = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.teller2, closing);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ session: TillSession }>().session).toMatchObject({
      status: 'closed',
      difference: '0.00',
    });
    expect(await gl(`1010-${BRANCH}`)).toBe((Number(vault) + 300).toFixed(2));
    // The close is idempotent by its reference.
    const again = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.teller2, closing);
    expect(again.statusCode).toBe(200);
    expect(await gl(`1010-${BRANCH}`)).toBe((Number(vault) + 300).toFixed(2));
  });

  it('posts an overage to 5020 as a credit after sign-off', async () => {
    const s = await openTill(scene, scene.teller2, '200.00', 'OVER');
    const before = await gl('5020');
    const r = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.teller2, {
      reference: ref('C'),
      count: leones('225.50'),
    });
    expect(r.statusCode).toBe(202);
    expect(r.json().session.difference).toBe('25.50');
    expect(
      (await scene.call('POST', `/api/approvals/${r.json().approvalId}/approve`, scene.sup)).statusCode,
    ).toBe(200);
    expect(await gl('5020')).toBe((Number(before) - 25.5).toFixed(2));
  });

  it('opens the till again when a supervisor rejects the count, so the teller counts again', async () => {
    const s = await openTill(scene, scene.sup2, '100.00', 'RECOUNT');
    const r = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.sup2, {
      reference: ref('C'),
      count: leones('80.00'),
    });
    expect(r.statusCode).toBe(202);
    // The maker of a count cannot sign their own difference off, even holding teller.vault.
    expect(
      (await scene.call('POST', `/api/approvals/${r.json().approvalId}/approve`, scene.sup2)).statusCode,
    ).toBe(409);
    const rej = await scene.call('POST', `/api/approvals/${r.json().approvalId}/reject`, scene.sup, {
      reason: 'Count again',
    });
    expect(rej.statusCode).toBe(200);
    expect((await session(s)).status).toBe('open');
    const recount = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.sup2, {
      reference: ref('C'),
      count: leones('100.00'),
    });
    expect(recount.statusCode).toBe(200);
  });

  it('runs a US dollar till in dollar notes', async () => {
    const r = await scene.call('POST', '/api/teller/sessions', scene.boss, {
      reference: ref(),
      tillCode: 'USD-1',
      currency: 'USD',
      allocation: dollars('1250'),
      branch: BRANCH,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await gl(`1020-${BRANCH}`, 'USD')).toBe('1250.00');
    const leoneCoin = await scene.call('POST', `/api/teller/sessions/${r.json().id}/close`, scene.boss, {
      reference: ref(),
      count: { denominations: { C50: 2 }, total: '1.00' },
    });
    expect(leoneCoin.statusCode).toBe(400);
  });

  it('shows the supervisor every till of the branch and the vault; the teller their current session', async () => {
    const list = await scene.call('GET', `/api/teller/sessions?branch=${BRANCH}&pageSize=100`, scene.sup);
    expect(list.statusCode).toBe(200);
    const rows = list.json<TillSession[]>();
    expect(Number(list.headers['x-total-count'])).toBe(rows.length);
    expect(rows.every((r) => r.branch === BRANCH && r.expected !== null)).toBe(true);
    // Another branch is out of a supervisor's scope.
    expect((await scene.call('GET', '/api/teller/sessions?branch=202', scene.sup)).statusCode).toBe(403);
    const vault = await scene.call('GET', '/api/teller/vault', scene.sup);
    expect(vault.json<VaultBalance>()).toMatchObject({ branch: BRANCH, glCode: `1010-${BRANCH}` });
    expect(vault.json<VaultBalance>().balances.find((b) => b.currency === 'SLE')!.balance).toBe(
      await gl(`1010-${BRANCH}`),
    );
    const current = await scene.call('GET', '/api/teller/sessions/current', scene.teller);
    expect(current.json().session.tillCode).toBe('V-1');
    expect(
      (await scene.call('GET', '/api/teller/sessions/current', scene.teller2)).json().session,
    ).toBeNull();
  });

  it('lists the tills not closed yet for end of day', async () => {
    const open = await openTillSessions(t.db.db);
    const [n] = await queryRows<{ n: string }>(
      t.db.db,
      sql`select count(*) as n from till_sessions where status <> 'closed'`,
    );
    expect(open.length).toBe(Number(n!.n));
    expect(open.find((o) => o.tellerEmail === scene.teller.email)).toMatchObject({ branchCode: BRANCH });
    expect(open.every((o) => !Number.isNaN(Date.parse(o.openedAt)))).toBe(true);
  });

  it('keeps the till sub-ledger in the database: balance only by lines, never below zero, closed means empty', async () => {
    const [s] = await queryRows<{ id: string }>(
      t.db.db,
      sql`select id from till_sessions where status = 'open' limit 1`,
    );
    await expect(
      t.db.db.execute(sql`update till_sessions set balance = balance + 1 where id = ${s!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.db.execute(sql`update till_sessions set status = 'closed' where id = ${s!.id}`),
    ).rejects.toThrow();
    expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);
  });
});
