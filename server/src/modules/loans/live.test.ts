import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  autoDebitDay,
  dueDateOf,
  loansWithPayAccounts,
  setAvailable,
} from '../../../test/support/auto-debit.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan } from '../../../test/support/loans.ts';
import { closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { BRANCH } from '../../../test/support/teller.ts';

type Change = { eventType: string; new: Record<string, unknown> };

/**
 * The loan 360 live (ADR 0061): a repayment posted on a loan reaches, over /realtime/v1, the staff
 * who may read that loan (loans.read in its branch) and no one else: not a teller (loans.repay
 * only), not a credit officer of another branch.
 */
describe('loans: repayments on realtime', () => {
  let t: TestApp;
  let baseUrl: string;
  let s: Awaited<ReturnType<typeof loanScene>>;
  const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    // The scene's staff sign up over HTTP, so the app listens already.
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('not listening');
    baseUrl = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    await closeAll(clients);
    await t.close();
  });

  const watcher = async (prefix: string, role: string, branch: string, loanId: number) => {
    const u = await realtimeUser(baseUrl, t.app, prefix);
    clients.push(u.client);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await setRoles(t.app, u.userId, [role], branch);
    const got = inbox<Change>();
    const ch = u.client
      .channel(`loan-${prefix}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'loan_repayments', filter: `loan_id=eq.${loanId}` },
        (p) => got.push(p as unknown as Change),
      );
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    return got;
  };

  it('tells the loan’s readers in its branch when a repayment posts, and no one else', async () => {
    const loan = await disbursedLoan(t.app, s);
    const home = await watcher('lrhome', 'credit_officer', BRANCH, loan.loanId);
    const away = await watcher('lraway', 'credit_officer', '202', loan.loanId);
    const teller = await watcher('lrtell', 'teller', BRANCH, loan.loanId);
    const [change] = await home.after(() =>
      s.call('POST', `/api/loans/${loan.loanId}/repayments`, s.officer, {
        fromAccount: loan.custAccount,
        amount: '1891.19',
        reference: `LIVE-${Date.now()}`,
      }),
    );
    expect(change).toMatchObject({
      eventType: 'INSERT',
      new: { loan_id: loan.loanId, branch: BRANCH, channel: 'transfer', amount: '1891.19' },
    });
    // Time enough for the others to receive it, had the server sent it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(away.items).toEqual([]);
    expect(teller.items).toEqual([]);
  });

  it('tells each loan’s readers of its repayment when end of day collects many in one statement', async () => {
    const [a, b] = await loansWithPayAccounts(t.app, s, 2);
    await setAvailable(t.app, a!.payId, { balance: '5000.00' });
    await setAvailable(t.app, b!.payId, { balance: '700.00' });
    const watchA = await watcher('lrbulka', 'credit_officer', BRANCH, a!.loanId);
    const watchB = await watcher('lrbulkb', 'credit_officer', BRANCH, b!.loanId);
    const due = await dueDateOf(t.app, a!.loanId);
    // One chunk holds both loans: their repayment rows go in by one INSERT (the set-based auto-debit).
    const [changeA] = await watchA.after(() => autoDebitDay(t.app, due, 50));
    const [changeB] = await watchB.next(1);
    expect(changeA).toMatchObject({
      eventType: 'INSERT',
      new: { loan_id: a!.loanId, channel: 'auto_debit', amount: '1891.19' },
    });
    expect(changeB).toMatchObject({
      eventType: 'INSERT',
      new: { loan_id: b!.loanId, channel: 'auto_debit', amount: '700.00' },
    });
  });
});
