import type { Page } from 'playwright-core';

export const DEMO = { email: 'demo@bankmanager.sl', password: 'Demo-Leone-2026' };
/** The demo's second superuser: the checker of the demo user's four-eyes grants. */
export const DEMO2 = { email: 'admin2@bankmanager.sl', password: DEMO.password };

let seq = 0;
/** A unique staff identity per call (mobile numbers are unique per profile). */
export function newStaff(prefix = 'staff') {
  seq += 1;
  const n = `${Date.now() % 1_000_000}${seq}`.padStart(8, '0').slice(-8);
  return {
    fullName: `Isatu ${prefix} Bangura`,
    mobile: `232${n}`,
    email: `${prefix}.${n}@bank.sl`,
    password: 'Freetown-2026',
  };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/signin')) await page.goto('/signin');
  // The URL changes before a lazy page renders (navigation is a transition that keeps the old page
  // on screen), so wait for the sign-in form itself — else the sign-up form's Email gets filled.
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await submit.waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submit.click();
}

export async function signUp(page: Page, s: ReturnType<typeof newStaff>): Promise<void> {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
  await page.getByLabel('Full name').fill(s.fullName);
  await page.getByLabel('Mobile number').fill(s.mobile);
  await page.getByLabel('Email').fill(s.email);
  await page.getByLabel('Password', { exact: true }).fill(s.password);
  await page.getByLabel('Confirm password').fill(s.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/signin');
}

/** Signs in as the seeded demo superuser and waits for the dashboard. */
export async function signInAsDemo(page: Page): Promise<void> {
  await signIn(page, DEMO.email, DEMO.password);
  await page.waitForURL('**/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).waitFor(); // the header (a lazy chunk) is up
}

/** Calls the API from the page with the signed-in user's token (as the SPA does). */
export async function apiAsUser<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const stored = JSON.parse(localStorage.getItem('bankmanager-auth-storage') ?? '{}') as {
      access_token?: string;
    };
    const res = await fetch(p, { headers: { authorization: `Bearer ${stored.access_token ?? ''}` } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  }, path);
}
