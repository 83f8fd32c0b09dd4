import { describe, expect, it } from 'vitest';
import { downloadAfter } from '../support/downloads.ts';
import { CUSTOMER_REPORTS, CUSTOMER_TEXT } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { storeSession, DEMO } from '../support/auth.ts';
import { createPrivateByApi, fullName, newPerson, pickCustomer } from '../support/customers.ts';

describe('the Customer menu tools', () => {
  const browser = useBrowser();

  it('logs a contact, overrides a rating with enhanced due diligence, and sends a merge and a branch move for approval', async () => {
    const page = await browser.newPage();
    await storeSession(page, DEMO);
    const [a, b] = [newPerson('Sorie'), newPerson('Yeabu')];
    const aId = await createPrivateByApi(page, a);
    await createPrivateByApi(page, b);

    await page.goto(`/customers/contact?customer=${aId}`);
    const form = page.getByRole('form', { name: 'Log a contact' });
    await form.getByLabel('Channel').selectOption('visit');
    await form.getByLabel('Summary').fill('Came in to update the address');
    await form.getByRole('button', { name: 'Add to the log' }).click();
    await page
      .getByRole('list', { name: 'Contact history' })
      .getByText('Came in to update the address')
      .waitFor();
    await page.getByLabel('Preferred channel').selectOption('sms');
    await page.getByText('Preferred channel saved').waitFor();

    await page.goto(`/customers/profiling?customer=${aId}`);
    await page.getByRole('heading', { name: 'Why' }).waitFor();
    await page.getByRole('button', { name: 'Override the rating' }).click();
    const dialog = page.getByRole('dialog', { name: 'Override the risk rating' });
    await dialog.getByLabel('Rating').selectOption('high');
    await dialog.getByLabel('Reason', { exact: true }).fill('Adverse media on the customer');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await dialog.getByText(CUSTOMER_TEXT.eddRequired).first().waitFor();
    await dialog
      .getByLabel('Enhanced due diligence notes')
      .fill('Source of wealth checked with the employer');
    await dialog.getByLabel('Review date').fill('2027-05-01');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('The override takes effect once another person approves it.').waitFor();

    await page.goto('/customers/admin');
    await pickCustomer(page, 'Survivor', fullName(a), 'Choose');
    await pickCustomer(page, 'Duplicate to merge', fullName(b), 'Choose');
    await page.getByLabel('Reason').first().fill('Same person opened twice');
    await page.getByRole('button', { name: 'Send the merge for approval' }).click();
    await page.getByRole('status').filter({ hasText: 'Sent for approval' }).first().waitFor();
    await pickCustomer(page, 'Customer to move', fullName(a), 'Choose');
    await page.getByLabel('New branch code').fill('010');
    await page.getByLabel('Reason').last().fill('Moved to Bo');
    await page.getByRole('button', { name: 'Send the move for approval' }).click();
    await page.getByRole('status').filter({ hasText: 'Sent for approval' }).nth(1).waitFor();

    // The reports download as CSV and PDF, for the period and branch chosen.
    await page.goto('/customers/reports');
    for (const format of ['CSV', 'PDF']) {
      const file = await downloadAfter(page, () =>
        page
          .getByRole('button', { name: `${CUSTOMER_REPORTS['new-customers']}: download ${format}` })
          .click(),
      );
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^customers-new-customers-.*\\.${format.toLowerCase()}$`),
      );
    }
  }, 120_000);
});
