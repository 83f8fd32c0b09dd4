import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { downloadedText, downloadAfter } from '../support/downloads.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';
import { searchStaffRow } from '../support/staff.ts';

describe('Staff administration and the audit trail', () => {
  const browser = useBrowser();

  it('approves from Review, the pending dashboard moves on, a ban ends the session, the audit shows it', async () => {
    // A: a new staff user waits on the pending dashboard.
    const a = await browser.newPage();
    const staff = newStaff('admin');
    await signUp(a, staff);
    await signIn(a, staff.email, staff.password);
    await a.waitForURL('**/new-user-dashboard');

    // B: the demo superuser reviews and approves that user from the dashboard.
    const b = await browser.newPage();
    await signInAsDemo(b);
    const event = b.getByRole('listitem').filter({ hasText: staff.email });
    await event.getByRole('link', { name: /^Review/ }).click();
    await b.waitForURL('**/security/users?review=*');
    const review = b.getByRole('dialog', { name: 'Review new staff user' });
    await review.getByText(staff.email).waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });

    // A moves to /dashboard by itself (the SPA polls its status).
    await a.waitForURL('**/dashboard', { timeout: 40_000 });
    expect(new URL(a.url()).pathname).toBe('/dashboard');

    // B bans A from the staff list.
    const row = await searchStaffRow(b, staff.email);
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: `Actions for ${staff.fullName}` }).click();
    await b.getByRole('menuitem', { name: 'Ban' }).click();
    const confirm = b.getByRole('alertdialog');
    await confirm.getByText(`Ban: ${staff.fullName}?`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm ban' }).click();
    await row.getByText('Banned').waitFor();

    // A's next navigation ends at sign-in, and signing in again is refused.
    await a.goto('/dashboard');
    await a.waitForURL('**/signin', { timeout: 20_000 });
    await signIn(a, staff.email, staff.password);
    await a.getByText(AUTH_MESSAGES.signInErrorTitle).first().waitFor();
    expect(new URL(a.url()).pathname).toBe('/signin');

    // B: the audit trail shows both actions, their details, the CSV and an intact chain.
    await b.goto('/security/audit');
    await b.getByRole('heading', { name: 'Audit Trail' }).waitFor();
    await b.getByRole('combobox', { name: 'Action', exact: true }).selectOption('staff.');
    await b.getByRole('button', { name: 'Apply filters' }).click();
    const table = b.getByRole('table', { name: 'Audit trail, newest first' });
    // Readable labels in the list; the raw code is each cell's title and the detail view's.
    await table.getByText('Banned staff member').first().waitFor();
    await table.getByText('Approved staff member').first().waitFor();
    // The unfiltered list may show the same two rows first: wait for the filtered page to replace it.
    const codes = () =>
      table
        .locator('tbody tr td:nth-child(3)')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));
    await expect.poll(async () => (await codes()).every((t) => t.startsWith('staff.'))).toBe(true);

    await table
      .getByRole('button', { name: /\(Banned staff member\)$/ })
      .first()
      .click();
    const detail = b.getByRole('dialog', { name: /^Audit row \d+$/ });
    await detail.getByRole('region', { name: 'Before' }).waitFor();
    await detail.getByRole('region', { name: 'After' }).waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    const download = await downloadAfter(b, () => b.getByRole('button', { name: 'Export CSV' }).click());
    const csv = await downloadedText(download);
    expect(csv).toContain('staff.approve');
    expect(csv).toContain('staff.ban');
    expect(csv).not.toContain('auth.sign_in');

    await b.getByRole('button', { name: 'Verify integrity' }).click();
    await b.getByText(/^Audit chain intact \(\d+ rows\)$/).waitFor();
  }, 150_000);
});
