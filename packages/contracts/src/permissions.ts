/**
 * Permissions (ADR 0015): named capabilities, defined here once. The server checks them on every
 * guarded `/api` route (read from the database per request); the web only reflects them in the menu.
 * Each permission belongs to the menu area whose screens need it, so the roles screen can group them.
 */
export const PERMISSION_DEFS = {
  'enquiries.read': { area: '/enquiries', label: 'Account enquiry and statements' },
  'customers.read': { area: '/customers', label: 'View customers' },
  'customers.create': { area: '/customers', label: 'Create and edit customers' },
  'customers.approve': { area: '/customers', label: 'Approve customers and KYC edits' },
  'accounts.open': { area: '/accounts', label: 'Open and close accounts' },
  'accounts.approve': { area: '/accounts', label: 'Approve account opening and closing' },
  'accounts.block': { area: '/accounts', label: 'Block and unblock accounts' },
  'teller.cash': { area: '/transactions', label: 'Cash deposits and withdrawals' },
  'teller.vault': { area: '/transactions', label: 'Vault transfers' },
  'transfers.create': { area: '/transactions', label: 'Transfers between accounts' },
  'journal.post': { area: '/transactions', label: 'Post manual journals' },
  'journal.approve': { area: '/transactions', label: 'Approve postings over a maker’s limit' },
  'journal.backvalue': {
    area: '/transactions',
    label: 'Ask for value dates outside the back- and forward-value window (a second person approves)',
  },
  'approvals.decide': {
    area: '/transactions',
    label: 'Use the approvals inbox (each request still needs its own approve permission)',
  },
  'postings.reverse': { area: '/transactions', label: 'Reverse postings' },
  'mobile_banking.read': { area: '/solutions', label: 'View mobile-banking subscribers' },
  'mobile_banking.manage': { area: '/solutions', label: 'Save mobile-banking subscriptions' },
  'products.manage': { area: '/products', label: 'Define products and pricing' },
  'loan_products.manage': { area: '/accounts', label: 'Define loan products and their pricing' },
  // Loan applications: the lifecycle table in contracts/lending/applications.ts names who does what.
  'loans.read': { area: '/accounts', label: 'View loan applications and their appraisal' },
  'loans.apply': { area: '/accounts', label: 'Take, edit, submit and withdraw loan applications' },
  'loans.appraise': { area: '/accounts', label: 'Appraise loan applications and recommend a decision' },
  'loans.approve': { area: '/accounts', label: 'Approve loans within the Branch Manager’s authority' },
  'loans.approve_large': { area: '/accounts', label: 'Approve loans within the Head of Credit’s authority' },
  'loans.committee': { area: '/accounts', label: 'Approve loans as a Credit Committee member' },
  'reports.read': { area: '/reports', label: 'Run reports' },
  'returns.prepare': { area: '/reports', label: 'Prepare BSL monthly returns and submit them for sign-off' },
  'returns.approve': { area: '/reports', label: 'Sign off BSL monthly returns (a second person)' },
  'eod.run': { area: '/system', label: 'Run end of day' },
  'storage.manage': { area: '/system', label: 'Manage stored documents' },
  'staff.manage': { area: '/security', label: 'Administer staff users' },
  'roles.read': { area: '/security', label: 'View roles and access' },
  'roles.manage': { area: '/security', label: 'Change roles and staff role assignments' },
  'audit.read': { area: '/security', label: 'Read the audit trail' },
  'branches.all': { area: '/security', label: 'Work in every branch (otherwise the home branch only)' },
  // Payments: the day's exchange rates, bulk salary files, standing orders.
  'treasury.rates': {
    area: '/treasury',
    label: 'Enter exchange rates, and transfer across currencies at another rate than the day’s',
  },
  'payments.bulk': { area: '/transactions', label: 'Upload and submit bulk salary files' },
  'standing_orders.manage': { area: '/transactions', label: 'Register, amend and cancel standing orders' },
  'standing_orders.run': { area: '/transactions', label: 'Run due standing orders and set their run rules' },
  // Compliance: sanctions hits are seen by these holders only (nobody else learns a customer matched).
  'aml.screening': { area: '/compliance', label: 'Review sanctions hits: clear or confirm them' },
  'aml.lists.import': { area: '/compliance', label: 'Import sanctions lists (a second officer approves)' },
  // AML monitoring (these ride in the sign-in bundle: labels kept short). Nobody else learns a
  // customer is watched.
  'aml.alerts': { area: '/compliance', label: 'See monitoring alerts and cases' },
  'aml.cases': { area: '/compliance', label: 'Work AML cases' },
  'aml.rules.change': { area: '/compliance', label: 'Change monitoring rules (four-eyes)' },
  'aml.str.prepare': { area: '/compliance', label: 'Prepare STRs' },
  'aml.str.file': { area: '/compliance', label: 'MLRO: file STRs, decide escalated cases' },
  'aml.ctr.file': { area: '/compliance', label: 'Prepare CTR filings' },
  // Loan repayments: cash, transfer, settlement (rides in the sign-in bundle: label kept short).
  'loans.repay': { area: '/accounts', label: 'Take loan repayments' },
  // Built reports: schedules deliver to a role's inbox.
  'reports.schedule': { area: '/reports', label: 'Schedule reports for a role' },
  // Loan loss provisioning and write-off (rides in the sign-in bundle: label kept short).
  'loans.provision': { area: '/accounts', label: 'Loan provisions and write-offs' },
  // Restructuring: folding overdue principal into the new schedule (in the sign-in bundle: short).
  'loans.capitalise': { area: '/accounts', label: 'Capitalise loan arrears' },
} as const satisfies Record<string, { area: string; label: string }>;

export type Permission = keyof typeof PERMISSION_DEFS;
export const PERMISSIONS = Object.keys(PERMISSION_DEFS) as Permission[];

export const isPermission = (p: string): p is Permission => Object.hasOwn(PERMISSION_DEFS, p);

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
