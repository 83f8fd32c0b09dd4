import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, apiAsUser, storeSession } from './auth.ts';
import { call } from './staff.ts';

/** The demo's counter staff at Head Office (server/src/modules/teller/demo-seed.ts). */
export const TELLER = { email: 'teller@bankmanager.sl', password: DEMO.password };
export const SUPERVISOR = { email: 'supervisor@bankmanager.sl', password: DEMO.password };

interface Session {
  id: string;
  status: string;
  currency: string;
}

/**
 * Leaves the teller without a till session: one left by another spec is closed with a count equal to
 * what it should hold (the supervisor sees that figure), or signed off if it waits for sign-off.
 */
export async function closeAnyTill(teller: Page, supervisor: Page): Promise<void> {
  const { session } = await apiAsUser<{ session: Session | null }>(teller, '/api/teller/sessions/current');
  if (!session) return;
  if (session.status === 'open') {
    const seen = await apiAsUser<{ expected: string }>(supervisor, `/api/teller/sessions/${session.id}`);
    const r = await call(teller, 'POST', `/api/teller/sessions/${session.id}/close`, {
      reference: `E2E-CLOSE-${Date.now()}`,
      count: { denominations: cents(seen.expected), total: seen.expected },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return;
  }
  const approval = (
    await apiAsUser<{ closeApprovalId: string }>(supervisor, `/api/teller/sessions/${session.id}`)
  ).closeApprovalId;
  expect((await call(supervisor, 'POST', `/api/approvals/${approval}/approve`)).status).toBe(200);
}

/**
 * Opens the teller's Leone till through the API (for specs about what comes after): the first of the
 * branch's registered tills that is free (another session may hold one: 409 till_in_use), or a typed
 * code where the branch has no register.
 */
export async function ensureTill(teller: Page, allocation = '20000.00'): Promise<void> {
  const { session } = await apiAsUser<{ session: Session | null }>(teller, '/api/teller/sessions/current');
  if (session?.status === 'open' && session.currency === 'SLE') return;
  const registered = (await apiAsUser<{ code: string }[]>(teller, '/api/teller/tills/mine')).map(
    (t) => t.code,
  );
  const codes = registered.length > 0 ? registered : [`E2E-${Date.now() % 100000}`];
  const tried: string[] = [];
  for (const tillCode of codes) {
    const r = await call(teller, 'POST', '/api/teller/sessions', {
      reference: `E2E-OPEN-${Date.now()}-${tillCode}`,
      tillCode,
      currency: 'SLE',
      allocation: { denominations: cents(allocation), total: allocation },
    });
    if (r.status === 201) return;
    tried.push(`${tillCode}: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.status !== 409) break;
  }
  throw new Error(`no till could be opened: ${tried.join('; ')}`);
}

/** A Leone amount as Le 20 notes, Le 1 notes and 1-cent coins. */
function cents(amount: string): Record<string, number> {
  const [whole = '0', frac = '00'] = amount.split('.');
  const n = Number(whole);
  const c: Record<string, number> = {};
  if (Math.floor(n / 20)) c.LE20 = Math.floor(n / 20);
  if (n % 20) c.LE1 = n % 20;
  if (Number(frac)) c.C1 = Number(frac);
  return c;
}

/** An Active Leone account of Head Office (the teller's branch). */
export async function headOfficeAccount(teller: Page): Promise<string> {
  const rows = await apiAsUser<{ accountNumber: string; currency: string }[]>(
    teller,
    '/api/accounts?status=Active&type=Savings&branch=001&page=1&pageSize=20',
  );
  const a = rows.find((r) => r.currency === 'SLE');
  if (!a) throw new Error('no Active Leone savings account at Head Office in the demo data');
  return a.accountNumber;
}

/**
 * The Head Office teller at a till opened afresh (a session another spec left is closed and signed
 * off first), with the supervisor who signed it off, each signed in on a page of their own.
 */
export async function tellerAtFreshTill(
  browser: { newPage(): Promise<Page> },
  allocation?: string,
): Promise<{ teller: Page; supervisor: Page }> {
  const teller = await browser.newPage();
  const supervisor = await browser.newPage();
  // Stored sessions only: the till is set up through the API, and every caller opens its screen next.
  await storeSession(teller, TELLER);
  await storeSession(supervisor, SUPERVISOR);
  await closeAnyTill(teller, supervisor);
  await ensureTill(teller, allocation);
  return { teller, supervisor };
}
