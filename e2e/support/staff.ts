import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiAsUser,
  DEMO2,
  newStaff,
  signInAs,
  signUpByApi,
  storedAccessToken,
  storeSession,
} from './auth.ts';

/** Any /api call from the page with the signed-in user's token; answers the status and body. */
export async function call(page: Page, method: string, path: string, body?: unknown) {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    },
    { method, path, body, token },
  );
}

/** A new member of staff, signed up and signed in, waiting on the pending dashboard. */
export async function pendingStaff(page: Page, prefix: string) {
  const s = newStaff(prefix);
  await signUpByApi(page, s);
  await signInAs(page, s, '/new-user-dashboard');
  return s;
}

/**
 * A new member of staff, signed up and signed in, activated by the demo superuser and given the
 * Officer role (activation grants no role; a role is a four-eyes grant the second superuser approves).
 */
export async function activatedStaff(admin: Page, page: Page, prefix: string) {
  const s = await pendingStaff(page, prefix);
  const [row] = await apiAsUser<{ id: string }[]>(admin, `/api/admin/staff?q=${encodeURIComponent(s.email)}`);
  expect((await call(admin, 'POST', `/api/admin/staff/${row!.id}/approve`)).status).toBe(200);
  await page.waitForURL('**/dashboard', { timeout: 40_000 });
  await asSecondSuperuser(admin, (checker) =>
    grantRole(admin, checker, { id: row!.id, page }, ['officer'], null),
  );
  return { ...s, id: row!.id };
}

/** Runs `use` with a page signed in as the demo's second superuser, in its own context. */
export async function asSecondSuperuser<T>(admin: Page, use: (checker: Page) => Promise<T>): Promise<T> {
  const context = await admin
    .context()
    .browser()!
    .newContext({ baseURL: new URL(admin.url()).origin });
  try {
    const checker = await context.newPage();
    await storeSession(checker, DEMO2); // every `use` calls the API or opens its screen first
    return await use(checker);
  } finally {
    await context.close();
  }
}

/**
 * Superuser rights for `staffId`: the demo user asks, the second superuser approves (four-eyes). A
 * superuser holds the limits of their roles only, so the new checker first gets the Branch Manager's
 * beside the Officer role (no home branch: they work across the bank), or they could approve no amount.
 */
export async function grantSuperuser(admin: Page, staffId: string) {
  await asSecondSuperuser(admin, async (checker) => {
    const roles = await apiAsUser<{ id: string; key: string | null }[]>(admin, '/api/roles');
    const asked = [
      await call(admin, 'PUT', `/api/admin/staff/${staffId}/roles`, {
        roleIds: ['officer', 'branch_manager'].map((k) => roles.find((r) => r.key === k)!.id),
        homeBranch: null,
      }),
      await call(admin, 'POST', `/api/admin/staff/${staffId}/grant-superuser`),
    ];
    for (const request of asked) {
      expect(request.status, JSON.stringify(request.body)).toBe(202);
      const approved = await call(
        checker,
        'POST',
        `/api/approvals/${request.body.approvalId as string}/approve`,
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }
  });
}

/**
 * Gives `staffId` the seeded roles `roleKeys` (four-eyes: `admin` requests, the second superuser
 * `checker` approves), then reloads the staff member's page so the menu and guard see it.
 */
export async function grantRole(
  admin: Page,
  checker: Page,
  staff: { id: string; page: Page },
  roleKeys: string[],
  homeBranch: string | null,
) {
  const roles = await apiAsUser<{ id: string; key: string | null }[]>(admin, '/api/roles');
  const request = await call(admin, 'PUT', `/api/admin/staff/${staff.id}/roles`, {
    roleIds: roleKeys.map((k) => roles.find((r) => r.key === k)!.id),
    homeBranch,
  });
  expect(request.status).toBe(202);
  const approved = await call(checker, 'POST', `/api/approvals/${request.body.approvalId as string}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await staff.page.reload();
}

/**
 * The staff screen searched for one person, once the list has settled on that search (debounced
 * into the URL, then fetched): a menu opened on the unfiltered list can be re-rendered under the
 * pointer when the filtered page arrives. Answers that person's row.
 */
export async function searchStaffRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search staff' }).fill(email);
  await page.waitForURL(/[?&]q=/);
  await expect.poll(() => page.locator('[data-staff-row]').count()).toBe(1);
  return page.getByTestId(`staff-row-${email}`);
}
