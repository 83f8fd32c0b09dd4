import type { Page } from 'playwright-core';
import { apiAsUser, DEMO2, storeSession } from './auth.ts';

export interface AccountRow {
  accountNumber: string;
  accountName: string;
  accountType: string;
  currency: 'SLE' | 'USD';
  status: string;
  blockKind: string | null;
  available: string;
}

/** Active, unblocked deposit accounts of the demo data (first pages), for payments journeys. */
export async function activeAccounts(page: Page): Promise<AccountRow[]> {
  const out: AccountRow[] = [];
  for (let p = 1; p <= 3; p++) {
    const rows = await apiAsUser<AccountRow[]>(page, `/api/accounts?status=Active&pageSize=100&page=${p}`);
    out.push(
      ...rows.filter(
        (r) => r.blockKind === null && r.accountType !== 'Loan' && r.accountType !== 'Fixed Deposit',
      ),
    );
  }
  return out;
}

/**
 * Signs `page` in as the demo's second superuser, who holds the Branch Manager's limits and can
 * approve the demo user's requests (the demo user asks, a second person decides). The session is
 * stored only: every caller opens the inbox (or calls the API) next.
 */
export async function secondSuperuser(page: Page) {
  await storeSession(page, DEMO2);
}

/** Approves, in the checker's own inbox, the one pending request whose row shows every one of `texts`. */
export async function approveInInbox(page: Page, ...texts: (string | RegExp)[]) {
  await page.goto('/transactions/control/approve');
  await page.getByRole('heading', { name: 'Approve Transactions' }).waitFor();
  let row = page.getByRole('row');
  for (const text of texts) row = row.filter({ hasText: text });
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.waitFor({ state: 'detached' });
}

/** The account's balance as Account Enquiry's API reads it (a decimal string without separators). */
export async function balance(page: Page, number: string): Promise<number> {
  const a = await apiAsUser<{ balance: string }>(page, `/api/accounts/${number}`);
  return Number(a.balance.replace(/,/g, ''));
}
