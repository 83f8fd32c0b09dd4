import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TellerTransaction, WithdrawalCheck } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { PDFParse } from 'pdf-parse';

/**
 * What the supervisor sees before approving a withdrawal over the teller's limit (the holder and the
 * available balance), and the teller's name the API and the PDF put on the receipt.
 */
describe('a withdrawal over the limit, as its checker sees it', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let account: Awaited<ReturnType<typeof cashAccount>>;
  let pending: TellerTransaction;
  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    await t.db.db.execute(
      sql`update profiles set full_name = 'Alimamy Bangura' where id = ${scene.teller.userId}`,
    );
    await openTill(scene, scene.teller, '100000.00');
    account = await cashAccount(t.app, { balance: '90000.00' });
    const wd = await scene.call('POST', '/api/teller/withdrawals', scene.teller, {
      reference: ref('WDL'),
      accountNumber: account.number,
      amount: '60000.00',
      partyName: 'Holder in person',
      partyIdNumber: 'NIN-9',
      narration: 'Rent',
      signatureConfirmed: true,
    });
    expect(wd.statusCode, wd.body).toBe(202);
    pending = wd.json<TellerTransaction>();
  });
  afterAll(() => t.close());

  it('gives the supervisor the holder and the available balance, live', async () => {
    const r = await scene.call('GET', `/api/teller/withdrawals/${pending.id}/check`, scene.sup);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<WithdrawalCheck>()).toEqual({
      transactionId: pending.id,
      status: 'pending_approval',
      customerId: account.custId,
      accountNumber: account.number,
      accountName: pending.accountName,
      currency: 'SLE',
      amount: '60000.00',
      available: '90000.00',
    });
  });

  it('refuses a teller without the approving permission, and answers 404 for no such withdrawal', async () => {
    expect(
      (await scene.call('GET', `/api/teller/withdrawals/${pending.id}/check`, scene.teller)).statusCode,
    ).toBe(403);
    expect((await scene.call('GET', '/api/teller/withdrawals/999999/check', scene.sup)).statusCode).toBe(404);
    expect((await scene.call('GET', '/api/teller/withdrawals/x/check', scene.sup)).statusCode).toBe(400);
  });

  it('names the teller and the branch on the API’s transaction and on the PDF receipt', async () => {
    expect(pending).toMatchObject({ tellerName: 'Alimamy Bangura', narration: 'Rent' });
    expect(pending.branchName).not.toBe('');
    const approve = await scene.call('POST', `/api/approvals/${pending.approvalId}/approve`, scene.sup);
    expect(approve.statusCode, approve.body).toBe(200);
    const paid = await scene.call('POST', `/api/teller/withdrawals/${pending.id}/pay`, scene.teller);
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = paid.json<TellerTransaction>();
    expect(receipt.tellerName).toBe('Alimamy Bangura');
    const pdf = await scene.call('GET', `/api/journal-entries/${receipt.entryId}/receipt.pdf`, scene.teller);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    for (const s of ['Alimamy Bangura', receipt.branchName, 'Rent']) expect(text).toContain(s);
  });
});
