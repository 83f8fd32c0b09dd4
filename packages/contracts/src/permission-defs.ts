/**
 * Permissions (ADR 0015): named capabilities, defined here once, with the labels the roles screens
 * show. A module of their own, apart from the menu and route helpers in permissions.ts: the web's
 * first-visit script uses those helpers, and would otherwise carry every label (it has a wire budget,
 * docs/decisions/0017-wire-budget.md). The server checks them on every
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
