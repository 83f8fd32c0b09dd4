import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { TellerTransaction, TillSessionDetail } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { unbalancedCurrencies } from '../../../test/support/deposit-accounts.ts';
import { BRANCH, cashAccount, leones, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The journey over HTTP: open a till, take a deposit, a large withdrawal goes to approval, a
 * supervisor approves it and the teller pays, the till closes with a Le 10 shortage that posts to
 * 5020 after sign-off, the trial balance nets to zero and the receipt carries the amount in words.
 */
describe('teller journey', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
  });
  afterAll(() => t.close());

  const balanceOf = async (code: string, currency = 'SLE') => {
    const [r] = await queryRows<{ b: string | null }>(
      t.db.db,
      sql`select sum(balance)::numeric(18,2)::text as b from gl_balances() where gl_code = ${code} and currency = ${currency}`,
    );
    return r?.b ?? null;
  };

  it('runs from opening the till to the signed-off shortage', async () => {
    const { call, teller, sup } = scene;
    const acct = await cashAccount(t.app, { balance: '100000.00' });

    // Open with Le 50,000 from the vault.
    const open = await call('POST', '/api/teller/sessions', teller, {
      reference: ref('OPEN'),
      tillCode: 'till-1',
      currency: 'SLE',
      allocation: leones('50000.00'),
    });
    expect(open.statusCode, open.body).toBe(201);
    const session = open.json<TillSessionDetail>();
    expect(session).toMatchObject({
      status: 'open',
      tillCode: 'TILL-1',
      branch: BRANCH,
      openingAllocation: '50000.00',
    });
    // The teller counts blind: the expected cash is not shown to them while the till is open.
    expect(session.expected).toBeNull();
    expect(await balanceOf(`1020-${BRANCH}`)).toBe('50000.00');
    expect(await balanceOf(`1010-${BRANCH}`)).toBe('950000.00');

    // A deposit of Le 25,000.
    const dep = await call('POST', '/api/teller/deposits', teller, {
      reference: ref('DEP'),
      accountNumber: acct.number,
      amount: '25000',
      partyName: 'Aminata Sesay',
      partyIdNumber: 'NIN-123',
      narration: 'School fees',
    });
    expect(dep.statusCode, dep.body).toBe(201);
    const deposit = dep.json<TellerTransaction>();
    expect(deposit).toMatchObject({
      status: 'posted',
      amount: '25000.00',
      amountInWords: 'Twenty-five thousand Leones',
    });

    // A withdrawal of Le 60,000: over the teller's Le 20,000 limit, so it waits for a supervisor.
    const wd = await call('POST', '/api/teller/withdrawals', teller, {
      reference: ref('WDL'),
      accountNumber: acct.number,
      amount: '60000.00',
      partyName: 'Holder in person',
      partyIdNumber: 'NIN-9',
      signatureConfirmed: true,
    });
    expect(wd.statusCode, wd.body).toBe(202);
    const pending = wd.json<TellerTransaction>();
    expect(pending.status).toBe('pending_approval');
    expect(pending.approvalId).toBeTruthy();
    // No cash has moved yet, and the teller cannot pay it before approval.
    expect(await balanceOf(`1020-${BRANCH}`)).toBe('75000.00');
    const early = await call('POST', `/api/teller/withdrawals/${pending.id}/pay`, teller);
    expect(early.statusCode).toBe(409);
    expect(early.json().details.code).toBe('not_approved');
    // The teller cannot approve their own request.
    const own = await call('POST', `/api/approvals/${pending.approvalId}/approve`, teller);
    expect(own.statusCode).toBe(403);

    const approve = await call('POST', `/api/approvals/${pending.approvalId}/approve`, sup);
    expect(approve.statusCode, approve.body).toBe(200);
    const pay = await call('POST', `/api/teller/withdrawals/${pending.id}/pay`, teller);
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json<TellerTransaction>().status).toBe('posted');
    // Paying again pays nothing more.
    const again = await call('POST', `/api/teller/withdrawals/${pending.id}/pay`, teller);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(`1020-${BRANCH}`)).toBe('15000.00');

    // Close with a blind count of Le 14,990: a Le 10 shortage, which waits for sign-off.
    const close = await call('POST', `/api/teller/sessions/${session.id}/close`, teller, {
      reference: ref('CLOSE'),
      count: leones('14990.00'),
    });
    expect(close.statusCode, close.body).toBe(202);
    const counted = close.json<{ approvalId: string; session: TillSessionDetail }>();
    expect(counted.session).toMatchObject({
      status: 'closing',
      expected: '15000.00',
      counted: '14990.00',
      difference: '-10.00',
    });
    expect(await balanceOf('5020')).toBeNull();

    const signOff = await call('POST', `/api/approvals/${counted.approvalId}/approve`, sup);
    expect(signOff.statusCode, signOff.body).toBe(200);
    const closed = await call('GET', `/api/teller/sessions/${session.id}`, teller);
    expect(closed.json<TillSessionDetail>()).toMatchObject({ status: 'closed', signedOffBy: sup.email });
    expect(await balanceOf('5020')).toBe('10.00');
    expect(await balanceOf(`1020-${BRANCH}`)).toBe('0.00');
    expect(await balanceOf(`1010-${BRANCH}`)).toBe('964990.00');

    expect(await unbalancedCurrencies(t.app)).toEqual([]);
    expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);

    // The receipt of the deposit.
    const receipt = await call('GET', `/api/journal-entries/${deposit.entryId}/receipt.pdf`, teller);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: receipt.rawPayload }).getText()).text;
    for (const s of [
      'Cash deposit receipt',
      'Twenty-five thousand Leones',
      'Le 25,000.00',
      deposit.entryReference!,
      'Aminata Sesay',
    ])
      expect(text).toContain(s);
  });
});
