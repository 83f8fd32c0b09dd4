import { describe, it } from 'vitest';
import { customerHref } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { storeSession, DEMO } from '../support/auth.ts';
import {
  BRANCH,
  createPrivateByApi,
  fillContact,
  fullName,
  newPerson,
  pickCustomer,
} from '../support/customers.ts';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

describe('corporate and joint customers', () => {
  const browser = useBrowser();

  it('a corporate customer with two signatories and a named combination, and a joint customer with two holders', async () => {
    const page = await browser.newPage();
    await storeSession(page, DEMO);
    const [a, b] = [newPerson('Alimamy'), newPerson('Christiana')];
    await createPrivateByApi(page, a);
    await createPrivateByApi(page, b);

    await page.goto('/customers/corporate/new');
    await page.getByRole('heading', { name: 'New customer: Corporate Customers' }).waitFor();
    const company = `Lumley Traders ${digits(4)} Ltd`;
    await page.getByLabel('Registered name', { exact: true }).fill(company);
    await page.getByLabel('Registration number', { exact: true }).fill(`CR-${digits(6)}`);
    await page.getByLabel('TIN (National Revenue Authority)', { exact: true }).fill(digits(10));
    await page.getByLabel('Sector', { exact: true }).selectOption('TRD');
    await page.getByLabel('Date of incorporation', { exact: true }).fill('2015-09-01');
    await page.getByLabel('Branch code', { exact: true }).fill(BRANCH);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillContact(page, `+23279${digits(6)}`, '22 Lumley Beach Road', 'Freetown', 'Western Area Urban');
    await page.getByRole('button', { name: 'Next' }).click();
    await pickCustomer(page, 'Find a director or signatory', fullName(a));
    await pickCustomer(page, 'Find a director or signatory', fullName(b));
    await page.getByLabel(`Role of ${fullName(a)}`).selectOption('director');
    await page.getByLabel('Signing mandate', { exact: true }).selectOption('combination');
    await page.getByRole('button', { name: 'Add a combination' }).click();
    const combo = page.getByRole('group', { name: 'Combination 1' });
    await combo.getByLabel(fullName(a)).check();
    await combo.getByLabel(fullName(b)).check();
    await page.getByRole('button', { name: 'Create customer' }).click();
    const created = page.getByRole('heading', { name: /^Customer \d{6} created/ });
    await created.waitFor();
    const corporateId = Number(/(\d{6})/.exec((await created.textContent()) ?? '')![1]);
    await page.goto(customerHref(corporateId));
    await page.getByRole('heading', { name: company }).waitFor();
    await page.getByRole('heading', { name: /Related customers \(mandate: combination\)/ }).waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: fullName(a) })
      .filter({ hasText: 'director' })
      .waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: fullName(b) })
      .filter({ hasText: 'signatory' })
      .waitFor();

    await page.goto('/customers/joint/new');
    await page.getByRole('heading', { name: 'New customer: Joint Customers' }).waitFor();
    const jointName = `${fullName(a)} and ${fullName(b)}`;
    await page.getByLabel('Joint name', { exact: true }).fill(jointName);
    await pickCustomer(page, 'Find a holder', fullName(a));
    await pickCustomer(page, 'Find a holder', fullName(b));
    await page.getByLabel('Operating mandate', { exact: true }).selectOption('all_to_sign');
    await page.getByLabel('Branch code', { exact: true }).fill(BRANCH);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillContact(page, `+23230${digits(6)}`, '5 Dama Road', 'Kenema', 'Kenema');
    await page.getByRole('button', { name: 'Create customer' }).click();
    const joint = page.getByRole('heading', { name: /^Customer \d{6} created/ });
    await joint.waitFor();
    const jointId = Number(/(\d{6})/.exec((await joint.textContent()) ?? '')![1]);
    await page.goto(customerHref(jointId));
    await page.getByRole('heading', { name: jointName }).waitFor();
    await page.getByRole('heading', { name: /Related customers \(mandate: all to sign\)/ }).waitFor();
    await page.getByRole('link', { name: fullName(a) }).waitFor();
    await page.getByRole('link', { name: fullName(b) }).waitFor();
  }, 180_000);
});
