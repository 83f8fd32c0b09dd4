import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_REFUSAL_TEXT, TELLER_REFUSAL_TEXT, type TellerTransaction } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, dollars, leones, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';

/** Every refusal of the teller's routes over HTTP: a 409 with details.code, and nothing written. */
describe('teller refusals', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
  });
  afterAll(() => t.close());

  const counts = async () => {
    const [r] = await queryRows<{ e: string; t: string; s: string }>(
      t.db.db,
      sql`select (select count(*) from journal_entries) as e, (select count(*) from teller_transactions) as t,
                 (select count(*) from till_sessions) as s`,
    );
    return r;
  };
  const deposit = (accountNumber: string, amount: string, over: object = {}) => ({
    reference: ref('D'),
    accountNumber,
    amount,
    partyName: 'Mohamed Kamara',
    partyIdNumber: 'ID-1',
    ...over,
  });
  const withdrawal = (accountNumber: string, amount: string, over: object = {}) => ({
    ...deposit(accountNumber, amount),
    signatureConfirmed: true,
    ...over,
  });
  const expect409 = async (
    res: { statusCode: number; json: () => { error: string; details: { code: string } } },
    code: string,
  ) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().details.code).toBe(code);
  };

  it('refuses cash without an open session (closed till), changing nothing', async () => {
    const a = await cashAccount(t.app, { balance: '1000.00' });
    const before = await counts();
    const r = await scene.call('POST', '/api/teller/deposits', scene.teller2, deposit(a.number, '10'));
    await expect409(r, 'till_closed');
    expect(r.json().error).toBe(TELLER_REFUSAL_TEXT.till_closed);
    expect(await counts()).toEqual(before);
  });

  it('refuses a denomination count that does not add up, and a denomination of another currency', async () => {
    const before = await counts();
    const bad = { denominations: { LE20: 3 }, total: '100.00' };
    const r = await scene.call('POST', '/api/teller/sessions', scene.teller2, {
      reference: ref(),
      tillCode: 'T9',
      currency: 'SLE',
      allocation: bad,
    });
    await expect409(r, 'denomination_mismatch');
    expect(r.json().details).toMatchObject({ counted: '60.00', total: '100.00' });
    const usdNote = await scene.call('POST', '/api/teller/sessions', scene.teller2, {
      reference: ref(),
      tillCode: 'T9',
      currency: 'SLE',
      allocation: { denominations: { USD100: 1 }, total: '100.00' },
    });
    expect(usdNote.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses a second session for a teller and a till already in use', async () => {
    await openTill(scene, scene.teller, '1000.00', 'DUP-1');
    await expect409(
      await scene.call('POST', '/api/teller/sessions', scene.teller, {
        reference: ref(),
        tillCode: 'OTHER',
        currency: 'SLE',
        allocation: leones('0'),
      }),
      'session_open',
    );
    await expect409(
      await scene.call('POST', '/api/teller/sessions', scene.teller2, {
        reference: ref(),
        tillCode: 'dup-1',
        currency: 'SLE',
        allocation: leones('0'),
      }),
      'till_in_use',
    );
  });

  it('answers 404 for a till in a branch that does not exist (a superuser may name any)', async () => {
    const before = await counts();
    const r = await scene.call('POST', '/api/teller/sessions', scene.boss, {
      reference: ref(),
      tillCode: 'NOWHERE',
      currency: 'SLE',
      allocation: leones('0'),
      branch: '999',
    });
    expect(r.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses an allocation the vault does not hold', async () => {
    await expect409(
      await scene.call('POST', '/api/teller/sessions', scene.teller2, {
        reference: ref(),
        tillCode: 'BIG',
        currency: 'SLE',
        allocation: leones('5000000.00'),
      }),
      'vault_short',
    );
  });

  it('refuses an account in another currency than the till', async () => {
    const usd = await cashAccount(t.app, { currency: 'USD', balance: '100.00' });
    await expect409(
      await scene.call('POST', '/api/teller/deposits', scene.teller, deposit(usd.number, '10')),
      'wrong_currency',
    );
  });

  it('refuses a withdrawal above the available balance (holds count), at once and not via approval', async () => {
    const a = await cashAccount(t.app, { balance: '500.00' });
    await t.db.db.execute(sql`insert into account_holds (account_id, amount, reason, placed_by)
                              values (${a.id}, 200, 'court order', 'test')`);
    const r = await scene.call('POST', '/api/teller/withdrawals', scene.teller, withdrawal(a.number, '400'));
    await expect409(r, 'insufficient_available');
    expect(r.json().error).toBe(ACCOUNT_REFUSAL_TEXT.insufficient_available);
    // Over the limit and over the balance: still refused outright, no request for a supervisor.
    await expect409(
      await scene.call('POST', '/api/teller/withdrawals', scene.teller, withdrawal(a.number, '30000')),
      'insufficient_available',
    );
  });

  it('refuses a withdrawal the till cannot pay, and one without the signature confirmed', async () => {
    const a = await cashAccount(t.app, { balance: '5000.00' });
    // teller's till (DUP-1) holds Le 1,000.
    await expect409(
      await scene.call('POST', '/api/teller/withdrawals', scene.teller, withdrawal(a.number, '1500')),
      'till_cash_short',
    );
    const unsigned = await scene.call(
      'POST',
      '/api/teller/withdrawals',
      scene.teller,
      withdrawal(a.number, '10', { signatureConfirmed: false }),
    );
    expect(unsigned.statusCode).toBe(400);
  });

  it('refuses postings to blocked and closed accounts with the ledger’s codes', async () => {
    const blocked = await cashAccount(t.app, { balance: '100.00' });
    await t.db.db.execute(
      sql`update accounts set status = 'Blocked', block_kind = 'debit' where id = ${blocked.id}`,
    );
    await expect409(
      await scene.call('POST', '/api/teller/withdrawals', scene.teller, withdrawal(blocked.number, '10')),
      'debit_blocked',
    );
    // A debit block lets a deposit in.
    const ok = await scene.call('POST', '/api/teller/deposits', scene.teller, deposit(blocked.number, '10'));
    expect(ok.statusCode, ok.body).toBe(201);
    const closed = await cashAccount(t.app, { status: 'Closed' });
    await expect409(
      await scene.call('POST', '/api/teller/deposits', scene.teller, deposit(closed.number, '10')),
      'account_closed',
    );
    await t.db.db.execute(sql`update accounts set block_kind = 'total' where id = ${blocked.id}`);
    await expect409(
      await scene.call('POST', '/api/teller/deposits', scene.teller, deposit(blocked.number, '10')),
      'account_blocked',
    );
  });

  it('answers a replay with the first result and posts nothing; another request on the reference conflicts', async () => {
    const a = await cashAccount(t.app);
    const body = deposit(a.number, '12.50');
    const first = await scene.call('POST', '/api/teller/deposits', scene.teller, body);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await scene.call('POST', '/api/teller/deposits', scene.teller, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<TellerTransaction>().id).toBe(first.json<TellerTransaction>().id);
    expect(await counts()).toEqual(before);
    await expect409(
      await scene.call('POST', '/api/teller/deposits', scene.teller, { ...body, amount: '13' }),
      'reference_conflict',
    );
    // Ten copies at once: one posting.
    const racing = deposit(a.number, '1.00');
    const all = await Promise.all(
      Array.from({ length: 10 }, () => scene.call('POST', '/api/teller/deposits', scene.teller, racing)),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(all.map((r) => r.json<TellerTransaction>().entryId)).size).toBe(1);
  });

  it('keeps a teller to their home branch', async () => {
    const a = await cashAccount(t.app, { balance: '100.00' });
    // A teller of branch 202 cannot open a till in 101.
    const r = await scene.call('POST', '/api/teller/sessions', scene.away, {
      reference: ref(),
      tillCode: 'X',
      currency: 'SLE',
      allocation: leones('0'),
      branch: '101',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().details.permission).toBe('branches.all');
    // Nor serve branch 101's account from a till in 202.
    const own = await scene.call('POST', '/api/teller/sessions', scene.away, {
      reference: ref(),
      tillCode: 'X',
      currency: 'SLE',
      allocation: leones('0'),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().branch).toBe('202');
    expect(
      (await scene.call('POST', '/api/teller/deposits', scene.away, deposit(a.number, '5'))).statusCode,
    ).toBe(403);
  });

  it('asks for the right permission on every route', async () => {
    // A CSO holds none of teller.cash, teller.vault; a teller does not hold teller.vault.
    const a = await cashAccount(t.app);
    const cso = await scene.call('POST', '/api/teller/deposits', scene.cso, deposit(a.number, '1'));
    expect(cso.statusCode).toBe(403);
    expect(cso.json().details.permission).toBe('teller.cash');
    const denied = [
      ['GET', '/api/teller/sessions', scene.teller, 'teller.vault'],
      ['GET', '/api/teller/vault', scene.teller, 'teller.vault'],
      ['GET', '/api/teller/proof/report', scene.teller, 'teller.vault'],
      ['GET', '/api/ctr-flags', scene.teller, 'reports.read'],
    ] as const;
    for (const [method, url, who, permission] of denied) {
      const r = await scene.call(method, url, who);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().details.permission, url).toBe(permission);
    }
  });

  it('refuses vault transfers the till or the vault cannot cover, and a count that does not add up', async () => {
    const s = await openTill(scene, scene.teller2, '100.00', 'VAULT-T');
    await expect409(
      await scene.call('POST', `/api/teller/sessions/${s}/vault-transfers`, scene.teller2, {
        reference: ref(),
        direction: 'sell',
        count: leones('200.00'),
      }),
      'till_cash_short',
    );
    await expect409(
      await scene.call('POST', `/api/teller/sessions/${s}/vault-transfers`, scene.teller2, {
        reference: ref(),
        direction: 'buy',
        count: leones('9000000.00'),
      }),
      'vault_short',
    );
    await expect409(
      await scene.call('POST', `/api/teller/sessions/${s}/vault-transfers`, scene.teller2, {
        reference: ref(),
        direction: 'buy',
        count: { denominations: { LE10: 1 }, total: '20.00' },
      }),
      'denomination_mismatch',
    );
    // Another teller's session is not theirs to use.
    const other = await scene.call('POST', `/api/teller/sessions/${s}/vault-transfers`, scene.teller, {
      reference: ref(),
      direction: 'buy',
      count: dollars('100'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses postings to a till counted and awaiting sign-off, and a second close', async () => {
    const s = await openTill(scene, scene.sup2, '100.00', 'CLOSING');
    const close = await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.sup2, {
      reference: ref(),
      count: leones('90.00'),
    });
    expect(close.statusCode).toBe(202);
    const a = await cashAccount(t.app);
    await expect409(
      await scene.call('POST', '/api/teller/deposits', scene.sup2, deposit(a.number, '5')),
      'till_closed',
    );
    await expect409(
      await scene.call('POST', `/api/teller/sessions/${s}/close`, scene.sup2, {
        reference: ref(),
        count: leones('90.00'),
      }),
      'till_closed',
    );
  });

  it('leaves the ledger consistent', async () => {
    expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);
  });
});
