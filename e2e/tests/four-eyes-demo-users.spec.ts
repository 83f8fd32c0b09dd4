import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser } from '../support/auth.ts';
import {
  endOfDayOnScreen,
  onboardCustomer,
  openSavingsAccount,
  reverseFromEnquiry,
  type Customer,
} from '../support/business-day.ts';
import {
  COMPLIANCE,
  CSO,
  demoPeople,
  IT_SECURITY,
  IT_SECURITY_2,
  MANAGER,
  OFFICER,
  OPERATIONS,
  OPERATIONS_2,
  PRODUCTS,
  PRODUCTS_2,
} from '../support/demo-people.ts';
import { approveInInbox as approve, balance } from '../support/payments.ts';
import { newProductCode, requestSavingsProduct } from '../support/products.ts';
import { call, pendingStaff } from '../support/staff.ts';
import { closeAnyTill, SUPERVISOR, TELLER } from '../support/teller.ts';

/**
 * Each four-eyes flow completed by the demo's own role users: the maker asks on their screen, the
 * right second person approves in their inbox. A flow no seeded role can finish fails here.
 */
describe('four-eyes with the demo role users', () => {
  const browser = useBrowser();
  // One signed-in context per person, reused across the flows.
  const people = demoPeople(browser);
  const as = people.page;

  let customer: Customer | undefined;

  it('customer activation: the CSO asks, the Compliance Officer approves', async () => {
    customer = await onboardCustomer(await people.staff(CSO), await as(COMPLIANCE));
  }, 180_000);

  it('account opening: the CSO asks, the Branch Manager approves', async () => {
    expect(customer).toBeDefined();
    await openSavingsAccount(await people.staff(CSO), await as(MANAGER), customer!);
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

    await reverseFromEnquiry(
      { page: officer, email: OFFICER.email },
      await as(MANAGER),
      to!.accountNumber,
      narration,
    );
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

    await endOfDayOnScreen(await people.staff(OPERATIONS), await as(OPERATIONS_2));
  }, 240_000);
});
