import type { Page } from 'playwright-core';
import { DEFAULT_BANK_CODE } from '@bankmanager/contracts/auth-messages';
import { PUBLIC_CONFIG_META_NAME } from '@bankmanager/contracts/public-config-meta';
// The key the web app keeps its session under, from the app itself.
import { AUTH_STORAGE_KEY } from '../../web/src/lib/auth/stored-session.ts';
export { AUTH_STORAGE_KEY };

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

/** Each server's anon key, read once from the public config it puts into its pages. */
const anonKeys = new Map<string, Promise<string>>();
function anonKey(origin: string): Promise<string> {
  let key = anonKeys.get(origin);
  if (!key) {
    key = fetch(`${origin}/signin`).then(async (res) => {
      const meta = new RegExp(`<meta name="${PUBLIC_CONFIG_META_NAME}" content="([^"]*)"`).exec(
        await res.text(),
      );
      if (!meta) throw new Error(`${origin}/signin carries no public config`);
      return (JSON.parse(meta[1]!.replaceAll('&quot;', '"')) as { anonKey: string }).anonKey;
    });
    anonKeys.set(origin, key);
  }
  return key;
}

// A page of the app's origin that loads nothing, to write the session into that origin's storage.
const STORAGE_PAGE = '/__e2e-storage';

/**
 * Signs `who` in through the auth API (the request the sign-in form sends) and stores the session
 * where supabase-js keeps it, leaving `page` on an empty page of the app's origin: for journeys that
 * open their own screens next or call the API from the page. The sign-in form and the dashboard it
 * leads to cost about 1.3 s of Chromium's CPU per sign-in; the form's own behaviour is the subject of
 * the specs that call `signIn`.
 */
export async function storeSession(page: Page, who: { email: string; password: string }): Promise<void> {
  const res = await postAuth(await onAppOrigin(page), '/token?grant_type=password', {
    email: who.email,
    password: who.password,
  });
  const session = (await res.json()) as { expires_in: number };
  if (!res.ok) throw new Error(`sign-in of ${who.email}: ${res.status} ${JSON.stringify(session)}`);
  // supabase-js stores the token answer with its absolute expiry.
  const stored = { ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in };
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [AUTH_STORAGE_KEY, JSON.stringify(stored)],
  );
}

/** Puts `page` on an empty page of the app's origin (its context's base URL) and answers that origin. */
async function onAppOrigin(page: Page): Promise<string> {
  await page.route(`**${STORAGE_PAGE}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>storage</title>' }),
  );
  await page.goto(STORAGE_PAGE);
  await page.unroute(`**${STORAGE_PAGE}`);
  return new URL(page.url()).origin;
}

/** A POST to the server's `/auth/v1` with its anon key, as supabase-js sends one. */
async function postAuth(origin: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${origin}/auth/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: await anonKey(origin) },
    body: JSON.stringify(body),
  });
}

/**
 * Signs `s` up through the auth API with the fields and bank code the sign-up form sends: for
 * journeys that need a new member of staff, not the form, whose own spec is staff-journeys.
 */
export async function signUpByApi(page: Page, s: ReturnType<typeof newStaff>): Promise<void> {
  const res = await postAuth(await onAppOrigin(page), '/signup', {
    email: s.email,
    password: s.password,
    data: { fullName: s.fullName, mobileNo: s.mobile, bank_code: DEFAULT_BANK_CODE },
  });
  if (!res.ok) throw new Error(`sign-up of ${s.email}: ${res.status} ${await res.text()}`);
}

/** Signs `who` in (as `storeSession`) and opens `path` signed in, the dashboard by default. */
export async function signInAs(
  page: Page,
  who: { email: string; password: string },
  path = '/dashboard',
): Promise<void> {
  await storeSession(page, who);
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign Out' }).waitFor(); // the header (a lazy chunk) is up
}

/** Signs in as the seeded demo superuser and opens `path` (the dashboard by default). */
export async function signInAsDemo(page: Page, path?: string): Promise<void> {
  await signInAs(page, DEMO, path);
}

/** The access token of the session the page's app keeps (empty when signed out). */
export async function storedAccessToken(page: Page): Promise<string> {
  return page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
    return stored.access_token ?? '';
  }, AUTH_STORAGE_KEY);
}

/** Resolves once the page's app has forgotten its session (signed out, or ended by the server). */
export async function sessionForgotten(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) === null, AUTH_STORAGE_KEY);
}

/** Calls the API from the page with the signed-in user's token (as the SPA does). */
export async function apiAsUser<T>(page: Page, path: string): Promise<T> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ({ path, token }) => {
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return (await res.json()) as T;
    },
    { path, token },
  );
}
