import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT, customerHref } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo } from '../support/auth.ts';
import { fillPrivateForm, fullName, newPerson, PNG } from '../support/customers.ts';
import { activatedStaff, grantRole, grantSuperuser } from '../support/staff.ts';

describe('customer onboarding', () => {
  const browser = useBrowser();

  it('a Customer Service Officer onboards a private customer with documents; a duplicate NIN is refused; a Compliance Officer approves; the 360 page shows it all', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const checkerPage = await browser.newPage();
    const checker = await activatedStaff(admin, checkerPage, 'checker');
    await grantSuperuser(admin, checker.id);
    await checkerPage.reload();
    const page = await browser.newPage();
    const cso = await activatedStaff(admin, page, 'cso');
    // A CSO of the head office: the Customer Service Officer role only, home branch 001.
    await grantRole(admin, checkerPage, { id: cso.id, page }, ['cso'], '001');
    const officerPage = await browser.newPage();
    const compliance = await activatedStaff(admin, officerPage, 'compliance');
    await grantRole(admin, checkerPage, { id: compliance.id, page: officerPage }, ['compliance'], null);

    // The CSO opens the private list and starts a new customer.
    await page.goto('/customers/private');
    await page.getByRole('heading', { name: 'Private Customers' }).waitFor();
    await page.getByRole('link', { name: 'New customer' }).click();
    const person = newPerson('Adama');
    await fillPrivateForm(page, person);
    const created = page.getByRole('heading', { name: /^Customer \d{6} created \(Pending\)$/ });
    await created.waitFor();
    const id = Number(/(\d{6})/.exec((await created.textContent()) ?? '')![1]);

    // Photo, NIN scan and specimen signature, each confirmed on screen.
    for (const [label, file] of [
      ['Photo', 'photo.png'],
      ['ID scan', 'nin.png'],
      ['Specimen signature', 'signature.png'],
    ] as const) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: file, mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: `Upload ${label.toLowerCase()}` }).click();
      await page.getByText(`${label} uploaded`).waitFor();
    }

    // The same NIN again is refused, naming the customer on file with a link.
    const twin = { ...newPerson('Isatu'), nin: person.nin };
    await fillPrivateForm(page, twin);
    const refusal = page.getByRole('alert').filter({ hasText: CUSTOMER_TEXT.duplicateId(fullName(person)) });
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: fullName(person) }).getAttribute('href')).toBe(
      customerHref(id),
    );
    expect(await page.getByRole('button', { name: /create anyway/ }).count()).toBe(0);

    // The CSO asks for activation; it waits for a checker.
    await page.goto(customerHref(id));
    await page.getByRole('button', { name: 'Ask to activate' }).click();
    await page.getByLabel('Reason').fill('KYC documents verified at the counter');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('Sent for approval').first().waitFor();

    // The Compliance Officer approves it in the inbox, where the request reads as a customer's.
    await officerPage.goto('/transactions/control/approve');
    const row = officerPage.getByRole('row').filter({ hasText: cso.email });
    await row
      .getByRole('link', { name: new RegExp(`^Customer .*\\(${String(id).padStart(6, '0')}\\)$`) })
      .waitFor();
    await row.getByText('Activate', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    // Active; the 360 page shows the photo, the documents side by side, and both people in the audit.
    await officerPage.goto(customerHref(id));
    await officerPage.getByRole('heading', { name: fullName(person) }).waitFor();
    await officerPage.getByText('Active', { exact: true }).waitFor();
    await officerPage.getByRole('img', { name: `Photo of ${fullName(person)}` }).waitFor();
    await officerPage.getByRole('tab', { name: 'Details' }).waitFor();
    await officerPage.getByText(person.nin).waitFor();
    await officerPage.getByRole('tab', { name: 'Documents' }).click();
    // In the tab: the header shows the same photo (two images of one name once both have loaded).
    const documents = officerPage.getByRole('tabpanel', { name: 'Documents' });
    for (const label of ['Photo', 'Specimen signature', 'ID scan'])
      await documents.getByRole('img', { name: `${label} of ${fullName(person)}` }).waitFor();
    await officerPage.getByRole('tab', { name: 'Audit history' }).click();
    const audit = officerPage.getByRole('table', { name: 'Audit history, newest first' });
    await audit
      .getByRole('row')
      .filter({ hasText: 'Created a customer' })
      // Names repeat across test staff; the email is the cell's title.
      .filter({ has: officerPage.getByTitle(cso.email) })
      .waitFor();
    await audit.getByText(`approved by ${compliance.email}`).waitFor();
  }, 300_000);
});
