import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, newStaff, signInAsDemo, signUp } from '../support/auth.ts';
import { activatedStaff, call, grantSuperuser } from '../support/staff.ts';

/**
 * Live screens through /realtime/v1 (docs/realtime-protocol.md). The e2e server polls only every 10 minutes
 * (STATUS_POLL_SECONDS=600), so whatever shows here without a reload came over the socket.
 */
describe('live screens', () => {
  const browser = useBrowser();
  const LIVE = { timeout: 5_000 };

  /** A posting over an Officer's limit: a four-eyes request. */
  async function largePosting(maker: Page, admin: Page, amount: string): Promise<string> {
    const [subscriber] = await apiAsUser<{ pay_acct: string }[]>(admin, '/api/registered-users?pageSize=1');
    const posted = await call(maker, 'POST', `/api/accounts/${subscriber!.pay_acct}/transactions`, {
      direction: 'credit',
      amount,
      description: 'Large cash deposit',
      reference: `LIVE${Date.now()}`,
      counter_account: '1900',
    });
    expect(posted.status).toBe(202);
    return posted.body.approvalId as string;
  }
  const waitingText = (page: Page) =>
    page
      .getByRole('status')
      .filter({ hasText: /waiting for you/ })
      .textContent();

  it('the approvals inbox and the dashboard count follow requests made and decided elsewhere', async () => {
    const inbox = await browser.newPage();
    await signInAsDemo(inbox);
    const dashboard = await browser.newPage();
    await signInAsDemo(dashboard);
    const maker = await browser.newPage();
    const officer = await activatedStaff(inbox, maker, 'livemaker');

    await inbox.goto('/transactions/control/approve');
    await inbox.getByRole('heading', { name: 'Approve Transactions' }).waitFor();
    await dashboard.goto('/dashboard');
    const before = await waitingText(dashboard);
    const count = (text: string | null) => Number(/(\d+) approval/.exec(text ?? '')?.[1] ?? 0);

    const id = await largePosting(maker, inbox, '76000.00');
    const row = inbox.getByRole('row').filter({ hasText: officer.email });
    await row.waitFor(LIVE);
    await expect.poll(async () => count(await waitingText(dashboard)), LIVE).toBe(count(before) + 1);

    // Decided in another tab: it leaves the inbox and the count, no reload.
    expect((await call(dashboard, 'POST', `/api/approvals/${id}/approve`)).status).toBe(200);
    await row.waitFor({ state: 'detached', ...LIVE });
    await expect.poll(async () => count(await waitingText(dashboard)), LIVE).toBe(count(before));
  });

  it("the dashboard's events show a sign-up and its approval by name without a reload", async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const events = admin.getByRole('main');
    const newcomer = newStaff('liveevent');
    const page = await browser.newPage();
    await signUp(page, newcomer);

    const signUpEvent = events.getByRole('listitem').filter({ hasText: newcomer.fullName });
    await signUpEvent.getByText('Needs Approval').waitFor(LIVE);

    const [row] = await apiAsUser<{ id: string }[]>(
      admin,
      `/api/admin/staff?q=${encodeURIComponent(newcomer.email)}`,
    );
    expect((await call(admin, 'POST', `/api/admin/staff/${row!.id}/approve`)).status).toBe(200);
    await events
      .getByRole('listitem')
      .filter({ hasText: `${newcomer.fullName} was activated by Demo Administrator` })
      .waitFor(LIVE);
    await signUpEvent.getByText('Needs Approval').waitFor({ state: 'detached', ...LIVE });
  });

  it('the customer 360, Account Enquiry and the account panel say who else is viewing, by name', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const other = await browser.newPage();
    const officer = await activatedStaff(admin, other, 'liveviewer');
    // A second superuser, so both may open a customer (an Officer reads accounts, not customers).
    await grantSuperuser(admin, officer.id);
    await other.reload();
    const [subscriber] = await apiAsUser<{ cust_id: number; pay_acct: string }[]>(
      admin,
      '/api/registered-users?pageSize=1',
    );

    const viewing = (page: Page) => page.getByRole('status').filter({ hasText: /^Also viewing/ });
    await admin.goto(`/customers/view/${subscriber!.cust_id}`);
    await other.goto(`/customers/view/${subscriber!.cust_id}`);
    await expect.poll(() => viewing(admin).textContent(), LIVE).toBe(`Also viewing: ${officer.fullName}`);
    await expect.poll(() => viewing(other).textContent(), LIVE).toBe('Also viewing: Demo Administrator');

    // Leaving the page leaves the list.
    await other.goto('/dashboard');
    await viewing(admin).waitFor({ state: 'detached', ...LIVE });

    const account = subscriber!.pay_acct;
    await admin.goto(`/enquiries/account?account=${account}`);
    await other.goto(`/enquiries/account?account=${account}`);
    await expect.poll(() => viewing(admin).textContent(), LIVE).toBe(`Also viewing: ${officer.fullName}`);
    await expect.poll(() => viewing(other).textContent(), LIVE).toBe('Also viewing: Demo Administrator');

    // The account managers' panel (here the Block Amount tool) shares the account's presence.
    await other.goto(`/transactions/control/block-amount?account=${account}`);
    await other.getByRole('heading', { name: 'Block Amount' }).waitFor();
    await expect.poll(() => viewing(other).textContent(), LIVE).toBe('Also viewing: Demo Administrator');
    await expect.poll(() => viewing(admin).textContent(), LIVE).toBe(`Also viewing: ${officer.fullName}`);
  });
});
