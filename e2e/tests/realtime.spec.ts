import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';
import { searchStaffRow } from '../support/staff.ts';

/**
 * Live screens through /realtime/v1. The e2e server polls statuses only every 10 minutes
 * (STATUS_POLL_SECONDS=600), so a screen that reacts within 2 s heard it on the socket.
 */
describe('realtime', () => {
  const browser = useBrowser();

  it("an approval moves the pending user's dashboard, and a ban signs them out, within 2 s", async () => {
    const a = await browser.newPage();
    const staff = newStaff('live');
    await signUp(a, staff);
    await signIn(a, staff.email, staff.password);
    await a.waitForURL('**/new-user-dashboard');

    const b = await browser.newPage();
    await signInAsDemo(b);
    const event = b.getByRole('listitem').filter({ hasText: staff.email });
    await event.getByRole('link', { name: /^Review/ }).click();
    const review = b.getByRole('dialog', { name: 'Review new staff user' });
    await review.getByText(staff.email).waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });

    await a.waitForURL('**/dashboard', { timeout: 2_000 });
    expect(new URL(a.url()).pathname).toBe('/dashboard');

    const row = await searchStaffRow(b, staff.email);
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: `Actions for ${staff.fullName}` }).click();
    await b.getByRole('menuitem', { name: 'Ban' }).click();
    const confirm = b.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Confirm ban' }).click();
    await row.getByText('Banned').waitFor();

    await a.waitForURL('**/signin', { timeout: 2_000 });
    expect(new URL(a.url()).pathname).toBe('/signin');
  });
});
