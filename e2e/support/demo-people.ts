import { afterAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAsUser, DEMO, storedAccessToken, storeSession } from './auth.ts';
import { PNG } from './customers.ts';

type Person = { email: string; password: string };

/** The README's demo people, all with the demo password, none a superuser. */
const person = (local: string): Person => ({ email: `${local}@bankmanager.sl`, password: DEMO.password });
export const CSO = person('cso');
export const COMPLIANCE = person('compliance');
export const MANAGER = person('manager');
export const OFFICER = person('officer');
export const ACCOUNTANT = person('accountant');
export const IT_SECURITY = person('itsecurity');
export const IT_SECURITY_2 = person('itsecurity2');
export const PRODUCTS = person('products');
export const PRODUCTS_2 = person('products2');
export const OPERATIONS = person('operations');
export const OPERATIONS_2 = person('operations2');
export const HEAD_OF_CREDIT = person('headofcredit');

/**
 * One signed-in page per person for a spec file, reused across its tests; each is checked not to be
 * a superuser, so a flow that only a superuser could finish fails.
 */
export function demoPeople(browser: { newPage(): Promise<Page> }) {
  const pages = new Map<string, Promise<Page>>();
  afterAll(() => pages.clear());
  const page = (who: Person): Promise<Page> => {
    let signedIn = pages.get(who.email);
    if (!signedIn) {
      signedIn = browser.newPage().then(async (p) => {
        await storeSession(p, who); // every journey opens the person's screen or calls the API first
        const me = await apiAsUser<{ isSuperuser: boolean }>(p, '/api/me/permissions');
        expect(me.isSuperuser, who.email).toBe(false);
        return p;
      });
      pages.set(who.email, signedIn);
    }
    return signedIn;
  };
  /** The person's page with the e-mail their requests show in the inbox. */
  const staff = async (who: Person) => ({ page: await page(who), email: who.email });
  return { page, staff };
}

/** Uploads a customer document the way the 360 page does (multipart: kind, then file); the status. */
export async function uploadDocument(page: Page, customerId: number, kind: string): Promise<number> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ({ customerId, kind, png, token }) => {
      const body = new FormData();
      body.append('kind', kind);
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      body.append('file', new Blob([bytes], { type: 'image/png' }), `${kind}.png`);
      const res = await fetch(`/api/customers/${customerId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      return res.status;
    },
    { customerId, kind, png: PNG.toString('base64'), token },
  );
}
