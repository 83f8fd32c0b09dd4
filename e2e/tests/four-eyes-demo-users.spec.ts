import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerHref } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, DEMO } from '../support/auth.ts';
import { createPrivateByApi, fullName, newPerson, PNG } from '../support/customers.ts';
import { balance } from '../support/payments.ts';
import { newProductCode, requestSavingsProduct } from '../support/products.ts';
import { call, pendingStaff } from '../support/staff.ts';
import { closeAnyTill, signInAs, SUPERVISOR, TELLER } from '../support/teller.ts';

/** The README's demo people, all with the demo password: never a superuser below. */
const person = (local: string) => ({ email: `${local}@bankmanager.sl`, password: DEMO.password });
const CSO = person('cso');
const COMPLIANCE = person('compliance');
const MANAGER = person('manager');
const OFFICER = person('officer');
const IT_SECURITY = person('itsecurity');
const IT_SECURITY_2 = person('itsecurity2');
const PRODUCTS = person('products');
const PRODUCTS_2 = person('products2');
const OPERATIONS = person('operations');
const OPERATIONS_2 = person('operations2');

/** Uploads a customer document the way the 360 page does (multipart: kind, then file). */
function upload(page: Page, customerId: number, kind: string): Promise<number> {
  return page.evaluate(
    async ({ customerId, kind, png }) => {
      const stored = JSON.parse(localStorage.getItem('bankmanager-auth-storage') ?? '{}') as {
        access_token?: string;
      };
      const body = new FormData();
      body.append('kind', kind);
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      body.append('file', new Blob([bytes], { type: 'image/png' }), `${kind}.png`);
      const res = await fetch(`/api/customers/${customerId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stored.access_token ?? ''}` },
        body,
      });
      return res.status;
    },
    { customerId, kind, png: PNG.toString('base64') },
  );
}

/** Approves, in the checker's own inbox, the one pending request whose row shows every one of `texts`. */
async function approve(checker: Page, ...texts: (string | RegExp)[]) {
  await checker.goto('/transactions/control/approve');
  await checker.getByRole('heading', { name: 'Approve Transactions' }).waitFor();
  let row = checker.getByRole('row');
  for (const text of texts) row = row.filter({ hasText: text });
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.waitFor({ state: 'detached' });
}

/**
 * Each four-eyes flow completed by the demo's own role users: the maker asks on their screen, the
 * right second person approves in their inbox. A flow no seeded role can finish fails here.
 */
describe('four-eyes with the demo role users', () => {
  const browser = useBrowser();
  // One signed-in context per person, reused across the flows.
  const pages = new Map<string, Promise<Page>>();
  const as = (who: { email: string; password: string }): Promise<Page> => {
    let page = pages.get(who.email);
    if (!page) {
      page = browser.newPage().then(async (p) => {
        await signInAs(p, who);
        const me = await apiAsUser<{ isSuperuser: boolean }>(p, '/api/me/permissions');
        expect(me.isSuperuser, who.email).toBe(false);
        return p;
      });
      pages.set(who.email, page);
    }
    return page;
  };
  afterAll(() => pages.clear());

  let customer: { id: number; name: string } | undefined;

  it('customer activation: the CSO asks, the Compliance Officer approves', async () => {
    const cso = await as(CSO);
    const p = newPerson('Kadiatu');
    const id = await createPrivateByApi(cso, p);
    customer = { id, name: fullName(p) };
    // KYC is complete with a photo, an ID scan and a specimen signature, as at the counter.
    for (const kind of ['photo', 'id_scan', 'signature']) expect(await upload(cso, id, kind)).toBe(201);
    await cso.goto(customerHref(id));
    await cso.getByRole('button', { name: 'Ask to activate' }).click();
    await cso.getByLabel('Reason').fill('KYC documents verified at the counter');
    await cso.getByRole('button', { name: 'Send for approval' }).click();
    await cso.getByText('Sent for approval').first().waitFor();

    const compliance = await as(COMPLIANCE);
    await approve(compliance, CSO.email, customer.name);
    const after = await apiAsUser<{ status: string }>(compliance, `/api/customers/${id}/360`);
    expect(after.status).toBe('Active');
  }, 180_000);

  it('account opening: the CSO asks, the Branch Manager approves', async () => {
    expect(customer).toBeDefined();
    const cso = await as(CSO);
    await cso.goto('/accounts/savings/manager');
    await cso.getByRole('button', { name: 'Open account' }).click();
    await cso.getByLabel('Customer', { exact: true }).fill(customer!.name);
    await cso
      .getByRole('button', { name: `Choose ${customer!.name}` })
      .first()
      .click();
    await cso.locator('#open-product option[value="SAV-SLE"]').waitFor({ state: 'attached' });
    await cso.locator('#open-product').selectOption('SAV-SLE');
    await cso.getByRole('button', { name: 'Ask to open the account' }).click();
    await cso.getByRole('heading', { name: 'Sent for approval' }).waitFor();
    const sent = (await cso.getByText(/Account [\d ]+ is Submitted/).textContent()) ?? '';
    const number = /Account ([\d ]+) is Submitted/.exec(sent)![1]!.replace(/\s/g, '');

    const manager = await as(MANAGER);
    await approve(manager, CSO.email, new RegExp(number.split('').join('\\s?')));
    const opened = await apiAsUser<{ status: string }>(manager, `/api/accounts/${number}`);
    expect(opened.status).not.toBe('Submitted');
  }, 180_000);

  it('reversal: an Officer asks from Account Enquiry, the Branch Manager approves', async () => {
    const officer = await as(OFFICER);
    const rows = await apiAsUser<
      { accountNumber: string; currency: string; blockKind: string | null; available: string }[]
    >(officer, '/api/accounts?status=Active&type=Savings&branch=001&page=1&pageSize=50');
    const [from, to] = rows.filter(
      (r) => r.currency === 'SLE' && r.blockKind === null && Number(r.available.replace(/,/g, '')) > 100,
    );
    const narration = `Demo walk paid in error ${Date.now()}`;
    const sent = await call(officer, 'POST', '/api/transfers', {
      from_account: from!.accountNumber,
      to_account: to!.accountNumber,
      amount: '25',
      narration,
      reference: `E2E-4E-${Date.now()}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const before = await balance(officer, to!.accountNumber);

    await officer.goto(`/enquiries/account?account=${to!.accountNumber}`);
    await officer.getByRole('tab', { name: 'Transaction History' }).click();
    await officer
      .getByRole('button', { name: new RegExp(`^Reverse the posting of .*: ${narration}`) })
      .click();
    const dialog = officer.getByRole('dialog');
    await dialog.getByLabel('Reason for the reversal').fill('Paid to the wrong account');
    await dialog.getByRole('button', { name: /^Ask to reverse entry/ }).click();
    await dialog.getByTestId('reversal-sent').waitFor();

    const manager = await as(MANAGER);
    await approve(manager, OFFICER.email, 'Reversal of a posting');
    expect(await balance(officer, to!.accountNumber)).toBeCloseTo(before - 25, 2);
  }, 180_000);

  it('product change: a Product Manager asks, a second Product Manager approves', async () => {
    const products = await as(PRODUCTS);
    await products.goto('/products/definition');
    await products.getByRole('button', { name: 'New product' }).click();
    const code = newProductCode();
    await requestSavingsProduct(products, code, `Walk Savings ${code.slice(4)}`, '4.25');
    await products.getByRole('heading', { name: 'Sent for approval' }).waitFor();

    const checker = await as(PRODUCTS_2);
    await approve(checker, PRODUCTS.email, 'New product or product change');
    const list = await apiAsUser<{ code: string }[]>(checker, '/api/products');
    expect(list.map((p) => p.code)).toContain(code);
  }, 180_000);

  it('role change: IT Security asks to give a new colleague a role, a second IT Security Administrator approves', async () => {
    const newcomerPage = await browser.newPage();
    const newcomer = await pendingStaff(newcomerPage, 'walk');
    const admin = await as(IT_SECURITY);
    const [row] = await apiAsUser<{ id: string }[]>(
      admin,
      `/api/admin/staff?q=${encodeURIComponent(newcomer.email)}`,
    );
    expect((await call(admin, 'POST', `/api/admin/staff/${row!.id}/approve`)).status).toBe(200);

    await admin.goto(`/security/users?q=${encodeURIComponent(newcomer.email)}`);
    await admin.getByRole('button', { name: `Actions for ${newcomer.fullName}` }).click();
    await admin.getByRole('menuitem', { name: 'Roles and branch' }).click();
    const dialog = admin.getByRole('dialog', { name: `Roles of ${newcomer.fullName}` });
    await dialog.getByRole('checkbox', { name: 'Customer Service Officer' }).check();
    await dialog.getByLabel('Home branch').selectOption('001');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await admin.getByText('Sent for approval').first().waitFor();

    const checker = await as(IT_SECURITY_2);
    await approve(checker, IT_SECURITY.email, newcomer.fullName);
    await newcomerPage.goto('/dashboard');
    const me = await apiAsUser<{ roles: { key: string }[]; homeBranch: string | null }>(
      newcomerPage,
      '/api/me/permissions',
    );
    expect(me.roles.map((r) => r.key)).toEqual(['cso']);
    expect(me.homeBranch).toBe('001');
  }, 180_000);

  // Last: it closes the business date, and with it every request still pending.
  it('end of day: an Operations Officer asks, a second Operations Officer approves, the run completes', async () => {
    const teller = await as(TELLER);
    const headTeller = await as(SUPERVISOR);
    await closeAnyTill(teller, headTeller);

    const ops = await as(OPERATIONS);
    await ops.goto('/system/batch/period-end');
    await ops.getByRole('heading', { name: 'End of Day' }).waitFor();
    await ops.locator('[data-check="tills_closed"]').getByText('Every till is closed').waitFor();
    const carry = ops.getByRole('checkbox', { name: /Carry the \d+ pending request/ });
    if (await carry.count()) await carry.check();
    const suspense = ops.getByRole('checkbox', { name: /seen the suspense balance/ });
    if (await suspense.count()) await suspense.check();
    await ops.getByRole('button', { name: 'Ask to run end of day' }).click();
    await ops.getByText('Sent for approval').first().waitFor();

    const checker = await as(OPERATIONS_2);
    await approve(checker, OPERATIONS.email, 'End-of-day run');
    const newest = async () =>
      (await apiAsUser<{ status: string; requestedBy: string }[]>(ops, '/api/eod/runs?page=1&pageSize=1'))[0];
    await expect
      .poll(async () => (await newest())?.status, { timeout: 90_000, interval: 1_000 })
      .toBe('completed');
  }, 240_000);
});
