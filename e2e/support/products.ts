import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAsUser } from './auth.ts';
import { call } from './staff.ts';

/** A product code nobody else has made: SAV- and five random digits (the contract allows 2 to 12). */
export const newProductCode = () => `SAV-${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

/**
 * A role with `permissions` (no seeded role defines products): `admin` requests it, the second
 * superuser `checker` approves (role.create is four-eyes). Answers the role's id.
 */
export async function createRole(admin: Page, checker: Page, name: string, permissions: string[]) {
  const request = await call(admin, 'POST', '/api/roles', { name, permissions });
  expect(request.status, JSON.stringify(request.body)).toBe(202);
  const approved = await call(checker, 'POST', `/api/approvals/${request.body.approvalId as string}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const roles = await apiAsUser<{ id: string; name: string }[]>(admin, '/api/roles');
  return roles.find((r) => r.name === name)!.id;
}

/** Gives a member of staff the role `roleId` (four-eyes like grantRole) and reloads their page. */
export async function grantRoleById(
  admin: Page,
  checker: Page,
  staff: { id: string; page: Page },
  roleId: string,
) {
  const request = await call(admin, 'PUT', `/api/admin/staff/${staff.id}/roles`, {
    roleIds: [roleId],
    homeBranch: null,
  });
  expect(request.status, JSON.stringify(request.body)).toBe(202);
  const approved = await call(checker, 'POST', `/api/approvals/${request.body.approvalId as string}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await staff.page.reload();
}

/** Fills the "New product" form for a flat-rate savings product in Leones, then sends it. */
export async function requestSavingsProduct(page: Page, code: string, name: string, rate: string) {
  await page.getByLabel('Product code').fill(code);
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Product type').selectOption('Savings');
  await page.getByLabel('Currency').selectOption('SLE');
  await page.getByLabel('Control account (liability)').fill('2020');
  await page.getByLabel('Credit rate (% a year)').fill(rate);
  await page.getByLabel('Minimum opening balance').fill('100.00');
  await page.getByRole('button', { name: 'Send for approval' }).click();
}
