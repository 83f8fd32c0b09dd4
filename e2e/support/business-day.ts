import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { customerHref } from '@bankmanager/contracts';
import { apiAsUser } from './auth.ts';
import { createPrivateByApi, fullName, newPerson } from './customers.ts';
import { uploadDocument } from './demo-people.ts';
import { approveInInbox } from './payments.ts';
import { call } from './staff.ts';

/**
 * The steps of a bank's business day as its staff take them on screen, shared by the four-eyes spec
 * and the whole-day walkthrough: each maker asks on their screen, the checker approves in their inbox
 * (where the maker's e-mail names the request).
 */

/** A signed-in person: their page and the e-mail the inbox shows for their requests. */
export interface Staff {
  page: Page;
  email: string;
}

export interface Customer {
  id: number;
  name: string;
}

/** A private customer with complete KYC (photo, ID scan, specimen signature), activated after a second person approves. */
export async function onboardCustomer(maker: Staff, checker: Page, first = 'Kadiatu'): Promise<Customer> {
  const cso = maker.page;
  const p = newPerson(first);
  const id = await createPrivateByApi(cso, p);
  for (const kind of ['photo', 'id_scan', 'signature']) expect(await uploadDocument(cso, id, kind)).toBe(201);
  await cso.goto(customerHref(id));
  await cso.getByRole('button', { name: 'Ask to activate' }).click();
  await cso.getByLabel('Reason').fill('KYC documents verified at the counter');
  await cso.getByRole('button', { name: 'Send for approval' }).click();
  await cso.getByText('Sent for approval').first().waitFor();

  await approveInInbox(checker, maker.email, fullName(p));
  const after = await apiAsUser<{ status: string }>(checker, `/api/customers/${id}/360`);
  expect(after.status).toBe('Active');
  return { id, name: fullName(p) };
}

/** A Leone savings account for `customer`, opened once a second person approves; its number. */
export async function openSavingsAccount(maker: Staff, checker: Page, customer: Customer): Promise<string> {
  const cso = maker.page;
  await cso.goto('/accounts/savings/manager');
  await cso.getByRole('button', { name: 'Open account' }).click();
  await cso.getByLabel('Customer', { exact: true }).fill(customer.name);
  await cso
    .getByRole('button', { name: `Choose ${customer.name}` })
    .first()
    .click();
  await cso.locator('#open-product option[value="SAV-SLE"]').waitFor({ state: 'attached' });
  await cso.locator('#open-product').selectOption('SAV-SLE');
  await cso.getByRole('button', { name: 'Ask to open the account' }).click();
  await cso.getByRole('heading', { name: 'Sent for approval' }).waitFor();
  const sent = (await cso.getByText(/Account [\d ]+ is Submitted/).textContent()) ?? '';
  const number = /Account ([\d ]+) is Submitted/.exec(sent)![1]!.replace(/\s/g, '');

  await approveInInbox(checker, maker.email, new RegExp(number.split('').join('\\s?')));
  const opened = await apiAsUser<{ status: string }>(checker, `/api/accounts/${number}`);
  expect(opened.status).not.toBe('Submitted');
  return number;
}

/** Asks, from Account Enquiry's history of `account`, to reverse the posting named by `narration`; a second person approves. */
export async function reverseFromEnquiry(officer: Staff, checker: Page, account: string, narration: string) {
  const maker = officer.page;
  await maker.goto(`/enquiries/account?account=${account}`);
  await maker.getByRole('tab', { name: 'Transaction History' }).click();
  await maker.getByRole('button', { name: new RegExp(`^Reverse the posting of .*: ${narration}`) }).click();
  const dialog = maker.getByRole('dialog');
  await dialog.getByLabel('Reason for the reversal').fill('Paid to the wrong account');
  await dialog.getByRole('button', { name: /^Ask to reverse entry/ }).click();
  await dialog.getByTestId('reversal-sent').waitFor();
  await approveInInbox(checker, officer.email, 'Reversal of a posting');
}

/**
 * How often a journey asks whether its end-of-day run has completed: a run on the demo data takes about
 * a second, and the business-day journey runs up to 23 of them; a poll each second left it waiting up
 * to a second after each (that journey 55.7 → 49.3 s).
 */
const END_OF_DAY_POLL_MS = 250;

/**
 * End of day through the API: `maker` asks (carrying over whatever is pending, the suspense balance
 * seen), `checker` approves, and the run is waited for. Every till must already be closed.
 */
export async function runEndOfDayByApi(maker: Page, checker: Page): Promise<void> {
  const pre = await call(maker, 'GET', '/api/eod/prechecks');
  const pending = (pre.body.pendingApprovals as { id: string }[]).map((p) => p.id);
  const asked = await call(maker, 'POST', '/api/eod/runs', {
    carryOverApprovalIds: pending,
    acknowledgeSuspense: true,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const ok = await call(checker, 'POST', `/api/approvals/${asked.body.approvalId as string}/approve`);
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  await expect
    .poll(async () => (await call(maker, 'GET', `/api/eod/runs/${asked.body.runId as string}`)).body.status, {
      timeout: 150_000,
      interval: END_OF_DAY_POLL_MS,
    })
    .toBe('completed');
}

/**
 * End of day from its screen: the operations officer sees every till closed, carries over what is
 * pending, asks; a second officer approves in the inbox; the run completes.
 */
export async function endOfDayOnScreen(maker: Staff, checker: Page): Promise<void> {
  const ops = maker.page;
  await ops.goto('/system/batch/period-end');
  await ops.getByRole('heading', { name: 'End of Day' }).waitFor();
  await ops.locator('[data-check="tills_closed"]').getByText('Every till is closed').waitFor();
  const carry = ops.getByRole('checkbox', { name: /Carry the \d+ pending request/ });
  if (await carry.count()) await carry.check();
  const suspense = ops.getByRole('checkbox', { name: /seen the suspense balance/ });
  if (await suspense.count()) await suspense.check();
  await ops.getByRole('button', { name: 'Ask to run end of day' }).click();
  await ops.getByText('Sent for approval').first().waitFor();

  await approveInInbox(checker, maker.email, 'End-of-day run');
  const newest = async () =>
    (await apiAsUser<{ status: string }[]>(ops, '/api/eod/runs?page=1&pageSize=1'))[0];
  await expect
    .poll(async () => (await newest())?.status, { timeout: 90_000, interval: END_OF_DAY_POLL_MS })
    .toBe('completed');
}

/** The maker activates an approved account (no second person: the opening was four-eyes), ready for its first deposit. */
export async function activateAccount(maker: Page, number: string): Promise<void> {
  await maker.goto(`/accounts/savings/manager?account=${number}`);
  await maker.getByRole('button', { name: 'Activate' }).click();
  await maker.getByLabel('Reason', { exact: true }).fill('Customer signed the account opening form');
  await maker.getByRole('button', { name: 'Confirm' }).click();
  await maker.getByText('Activate: done.').waitFor();
}
