import type { Page } from 'playwright-core';
import { call } from './staff.ts';

/** The head office (contracts' BRANCHES, on every installation by migration 0031). */
export const BRANCH = '001';

/** A 1×1 PNG: enough for the server to store and the browser to show as an image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const rand = (n: number, chars: string) =>
  Array.from({ length: n }, () => chars[Math.floor(Math.random() * chars.length)]).join('');

/** A private customer unique to this run: NIN (8 letters and digits), mobile, name. */
export function newPerson(first = 'Fatmata') {
  return {
    first,
    last: `Kamara${rand(5, 'abcdefghijklmnopqrstuvwxyz')}`,
    nin: rand(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'),
    mobile: `+23276${rand(6, '0123456789')}`,
  };
}
export type Person = ReturnType<typeof newPerson>;
export const fullName = (p: Person) => `${p.first} ${p.last}`;

/** The contact step every kind has: mobile and address. */
export async function fillContact(page: Page, mobile: string, line1: string, town: string, district: string) {
  await page.getByLabel('Mobile', { exact: true }).fill(mobile);
  await page.getByLabel('Address line 1', { exact: true }).fill(line1);
  await page.getByLabel('Town', { exact: true }).fill(town);
  await page.getByLabel('District', { exact: true }).selectOption(district);
}

/** Fills the four steps of the private customer form and presses Create. */
export async function fillPrivateForm(page: Page, p: Person): Promise<void> {
  await page.goto('/customers/private/new');
  await page.getByRole('heading', { name: 'New customer: Private Customers' }).waitFor();
  if (await page.getByRole('button', { name: 'Discard draft' }).isVisible())
    await page.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByLabel('Title', { exact: true }).selectOption('Ms');
  await page.getByLabel('Gender', { exact: true }).selectOption('female');
  await page.getByLabel('First name', { exact: true }).fill(p.first);
  await page.getByLabel('Last name', { exact: true }).fill(p.last);
  await page.getByLabel('Date of birth', { exact: true }).fill('1988-03-14');
  await page.getByLabel('Branch code', { exact: true }).fill(BRANCH);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('ID number', { exact: true }).fill(p.nin);
  await page.getByLabel('Issued on', { exact: true }).fill('2021-06-01');
  await page.getByLabel('Expires on', { exact: true }).fill('2031-05-31');
  await page.getByRole('button', { name: 'Next' }).click();
  await fillContact(page, p.mobile, '14 Wilkinson Road', 'Freetown', 'Western Area Urban');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Occupation', { exact: true }).fill('Nurse');
  await page.getByLabel('Monthly income', { exact: true }).selectOption('2k_10k');
  await page.getByLabel('Source of funds', { exact: true }).selectOption('salary');
  await page.getByLabel('Next of kin name', { exact: true }).fill('Mohamed Kamara');
  await page.getByLabel('Relationship', { exact: true }).fill('Brother');
  await page.getByLabel('Next of kin mobile', { exact: true }).fill('+23277654321');
  await page.getByRole('button', { name: 'Create customer' }).click();
}

/** A private customer made through the API (signatories and holders for other journeys). */
export async function createPrivateByApi(page: Page, p: Person, branch = BRANCH): Promise<number> {
  const res = await call(page, 'POST', '/api/customers', {
    type: 'private',
    branch,
    title: 'Mr',
    firstName: p.first,
    lastName: p.last,
    gender: 'male',
    dateOfBirth: '1979-11-02',
    idType: 'national_id',
    idNumber: p.nin,
    idIssuedOn: '2020-02-01',
    idExpiresOn: '2030-01-31',
    mobile: p.mobile,
    address: { line1: '3 Hospital Road', town: 'Bo', district: 'Bo' },
    occupation: 'Trader',
    incomeBand: '10k_50k',
    sourceOfFunds: 'business',
    nextOfKin: { name: 'Hawa Sesay', relationship: 'Wife', mobile: '+23278111222' },
    confirmDuplicates: true,
  });
  if (res.status !== 201) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Picks an existing customer in a form's picker by name. */
export async function pickCustomer(page: Page, pickerLabel: string, name: string, button = 'Add') {
  await page.getByLabel(pickerLabel, { exact: true }).fill(name);
  await page.getByRole('button', { name: `${button} ${name}` }).click();
}
