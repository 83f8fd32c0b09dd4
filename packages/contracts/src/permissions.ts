import type { Permission } from './permission-defs.ts';

export type { Permission } from './permission-defs.ts';

/**
 * What a route asks of its caller when it is not one permission: `public` (no sign-in), `signed-in`
 * (any signed-in user, e.g. their own activation), `activated` (any activated member of staff, e.g.
 * the dashboard or their own approvals), `superuser`. Every `/api` route declares one of these or a
 * permission; the route-permission test fails for a route that declares nothing.
 */
export const ROUTE_ACCESS_LEVELS = ['public', 'signed-in', 'activated', 'superuser'] as const;
export type RouteAccessLevel = (typeof ROUTE_ACCESS_LEVELS)[number];
export type RouteAccess = Permission | RouteAccessLevel;

/** The 403 body's `details` when a permission is missing: `{ error, details: { permission } }`. */
export const PERMISSION_TEXT = {
  denied: (p: string) => `You don't have the permission "${p}" needed for this.`,
  otherBranch: 'You may act only in your home branch.',
  noAccessPage: "You don't have access to this page",
  /** Shown where the menu would be, so a pending user knows why it is empty. */
  pendingMenu: 'The banking menu appears once an administrator activates your account.',
  /** Beside noAccessPage, on the page's own heading: what would open it, so the user knows whom to ask. */
  needsPermission: (label: string) =>
    `It needs the permission “${label}”. An administrator can give you a role that includes it.`,
} as const;

/** Menu entries that need something narrower than their area's default (by path prefix). */
const MENU_PERMISSION_OVERRIDES: Record<string, Permission> = {
  '/enquiries/account': 'enquiries.read',
  '/transactions/control/approve': 'approvals.decide',
  '/solutions/mobile': 'mobile_banking.read',
  '/solutions/mobile-admin': 'mobile_banking.read',
  '/security/users': 'staff.manage',
  '/security/roles': 'roles.read',
  '/security/access': 'roles.read',
  '/security/audit': 'audit.read',
  '/security/audit-trail': 'audit.read',
  '/accounts/ledger': 'journal.post',
  '/accounts/loan/admin': 'loan_products.manage',
  '/accounts/loan/applications': 'loans.read',
  '/reports/statements': 'reports.read',
  '/system': 'eod.run',
  '/transactions/transfers': 'transfers.create',
  '/transactions/other/salary-import': 'payments.bulk',
  '/transactions/standing-orders': 'standing_orders.manage',
  '/transactions/standing-orders/options': 'standing_orders.run',
  '/system/batch-control/object-library': 'storage.manage',
  // Teller: the counter, the branch's tills and proof (head teller). The CTR list is a
  // report (/reports/ctr, the area's reports.read).
  '/transactions/teller': 'teller.cash',
  '/transactions/teller/tills': 'teller.vault',
  '/transactions/proof': 'teller.vault',
  '/compliance/sanctions-lists': 'aml.lists.import',
  // Loans: Loan Manager (the loan 360) and Closed Loans read what loan applications read.
  '/accounts/loan/manager': 'loans.read',
  '/accounts/loan/closed': 'loans.read',
  '/compliance/alerts': 'aml.alerts',
  '/compliance/cases': 'aml.alerts',
  '/compliance/rules': 'aml.alerts',
  // AML filing: STRs (prepared by compliance, filed by the MLRO) and CTR filings.
  '/compliance/str': 'aml.str.prepare',
  '/compliance/ctr-filings': 'aml.ctr.file',
  // Management's figures: the Executive Dashboard is a report, not an enquiry.
  '/enquiries/dashboard': 'reports.read',
  // Built reports: Report Administration holds the schedules.
  '/reports/admin': 'reports.schedule',
  '/accounts/loan/provisioning': 'loans.provision',
  // Loan Reports: the portfolio's reports read what the loan 360 reads, branch by branch.
  '/accounts/loan/reports': 'loans.read',
  // Teller Administration: the till register is the head teller's, as the branch's tills are.
  '/transactions/teller/admin': 'teller.vault',
};

/** The default permission of each top-level menu area: the least a user needs to see it at all. */
const MENU_AREA_PERMISSIONS: Record<string, Permission> = {
  '/enquiries': 'enquiries.read',
  '/transactions': 'journal.post',
  '/customers': 'customers.read',
  '/accounts': 'enquiries.read',
  '/solutions': 'mobile_banking.read',
  '/office': 'reports.read',
  '/reports': 'reports.read',
  '/products': 'products.manage',
  '/treasury': 'reports.read',
  '/security': 'roles.read',
  '/system': 'eod.run',
  '/compliance': 'aml.screening',
};

/**
 * The permission a menu entry needs: the longest matching override, else its area's default.
 * `undefined` only for a path outside every area (the dashboard), which every activated user sees.
 */
export function menuPermission(path: string): Permission | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(MENU_PERMISSION_OVERRIDES)) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length))
      best = prefix;
  }
  if (best) return MENU_PERMISSION_OVERRIDES[best];
  const area = `/${path.split('/')[1] ?? ''}`;
  return MENU_AREA_PERMISSIONS[area];
}

/** Whether a caller with these permissions (superusers pass everything) may use `p`. */
export function holds(
  caller: { permissions: readonly string[]; isSuperuser: boolean },
  p: Permission | undefined,
): boolean {
  return p === undefined || caller.isSuperuser || caller.permissions.includes(p);
}
