import type { Page } from 'playwright-core';

/**
 * The Teller Home's counter work as a teller does it by screen (docs/teller.md), shared by the teller
 * journey and the whole-day walkthrough. Each starts and ends on the Teller Home with a till open.
 */

/** Opens the teller's till on the screen with `allocation` Leones counted in Le 20 notes (a multiple of 20). */
export async function openTillOnScreen(teller: Page, allocation: number, till?: string): Promise<void> {
  await teller.goto('/transactions/teller/home');
  const open = teller.getByRole('form', { name: 'Open your till' });
  // The branch's register (demo data): the teller's own counter comes chosen, another may be picked.
  if (till) await open.getByLabel('Till').selectOption(till);
  await open.getByLabel('Allocation', { exact: true }).fill(String(allocation));
  await open.getByLabel('Le 20', { exact: true }).fill(String(allocation / 20));
  await open.getByText(`add up to Le ${allocation.toLocaleString('en-US')}.00`).waitFor();
  await open.getByRole('button', { name: /Open till with/ }).click();
  await teller.getByRole('region', { name: 'Your till' }).waitFor();
}

/** Finds `account` at the counter after choosing the cash action `button`. */
async function atCounter(teller: Page, button: string, account: string): Promise<void> {
  await teller.getByRole('button', { name: button }).click();
  await teller.getByLabel('Account number', { exact: true }).fill(account);
  await teller.getByRole('button', { name: 'Find' }).click();
  await teller.getByRole('region', { name: 'Account at the counter' }).waitFor();
}

/**
 * Takes a cash deposit (the amount in `words` shown as typed, when given); stays on the result (its
 * receipt buttons) until `backToHome`.
 */
export async function depositCash(
  teller: Page,
  account: string,
  amount: string,
  words?: string,
): Promise<void> {
  const depositor = { name: 'Aminata Sesay', id: 'SL-NIN-4411' };
  await atCounter(teller, 'Cash deposit (D)', account);
  await teller.getByLabel('Amount', { exact: true }).fill(amount);
  if (words) await teller.getByText(words).waitFor();
  await teller.getByLabel('Depositor’s name').fill(depositor.name);
  await teller.getByLabel('ID number').fill(depositor.id);
  await teller.getByRole('button', { name: 'Take deposit' }).click();
  await teller.getByText('Deposit posted.').waitFor();
}

/** Asks to pay a withdrawal over the teller's limit: it waits for a supervisor. */
export async function askLargeWithdrawal(teller: Page, account: string, amount: string): Promise<void> {
  await atCounter(teller, 'Cash withdrawal (W)', account);
  await teller.getByLabel('Amount', { exact: true }).fill(amount);
  await teller.getByLabel('Bearer’s name').fill('Aminata Sesay');
  await teller.getByLabel('ID number').fill('SL-NIN-4411');
  await teller.getByLabel('The bearer’s signature matches the specimen above').check();
  await teller.getByRole('button', { name: 'Pay withdrawal' }).click();
  await teller.getByText(/sent to a supervisor for approval/).waitFor();
  await backToHome(teller);
  await teller.getByText('Waiting for a supervisor’s approval').waitFor();
}

/** Pays the approved withdrawal whose button reads `Pay <amount>` (the list refreshes itself). */
export async function payApprovedWithdrawal(teller: Page, amountShown: string): Promise<void> {
  await teller.getByRole('button', { name: `Pay ${amountShown}` }).click({ timeout: 20_000 });
  await teller.getByText('Withdrawal paid.').waitFor();
  await backToHome(teller);
}

/** Starts closing the till with a blind count of `total` Leones in the given notes (label → count). */
export async function closeWithBlindCount(
  teller: Page,
  total: string,
  notes: Record<string, string>,
): Promise<void> {
  await teller.getByRole('button', { name: 'Close the till (C)' }).click();
  const count = teller.getByRole('form', { name: 'Closing count' });
  await count.getByLabel('Total counted').fill(total);
  for (const [label, n] of Object.entries(notes)) await count.getByLabel(label, { exact: true }).fill(n);
  await count.getByRole('button', { name: 'Send the count and close' }).click();
}

export const backToHome = (teller: Page) => teller.getByRole('button', { name: 'Back (Esc)' }).click();
