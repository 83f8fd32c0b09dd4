/** Every route path the app links to, in one place (menu module paths come from the contracts' menu tree). */
export const paths = {
  landing: '/',
  signIn: '/signin',
  signUp: '/signup',
  dashboard: '/dashboard',
  newUserDashboard: '/new-user-dashboard',
  /** The empty child path of the analytics dashboards redirects to /dashboard (docs/product.md §2). */
  dashboards: '/dashboards',
  analytics: {
    financialOverview: '/dashboards/financial-overview',
    customerInsights: '/dashboards/customer-insights',
    loanPerformance: '/dashboards/loan-performance',
    complianceStatus: '/dashboards/compliance-status',
  },
  /** Staff user administration; the dashboard's Review button opens it with ?review=<userId>. */
  securityUsers: '/security/users',
  /** The audit trail (superusers only). */
  securityAudit: '/security/audit',
  /** The menu's second names for screens that exist once: each opens the first (see the router). */
  menuAliases: {
    '/security/audit-trail': '/security/audit',
    '/solutions/salary-import': '/transactions/other/salary-import',
  } as Record<string, string>,
  mobileBankingUsers: '/solutions/mobile-admin/users',
  accountEnquiry: '/enquiries/account',
  /** Enquiries → Executive Dashboard: management's headline figures with charts. */
  executiveDashboard: '/enquiries/dashboard',
  /** Enquiries → Snapshot View (`?date=&branch=&product=`) and Deposit & Borrowing Analysis (`?from=&to=`). */
  snapshotView: '/enquiries/snapshot',
  depositBorrowing: '/enquiries/analysis',
  /** Enquiries → Branch Statistics (`?from=&to=&branch=`). */
  branchStatistics: '/enquiries/statistics',
  /**
   * The code from the authenticator app, between the password and the first page (docs/security.md,
   * finding 4).
   */
  mfaChallenge: '/signin/mfa',
  /** The signed-in user's profile: two-factor authentication set-up. */
  profile: '/profile',
  /** The storage service's buckets and objects (storage.manage). */
  objectLibrary: '/system/batch-control/object-library',
  /** The four-eyes inbox (ADR 0015). */
  approvalsInbox: '/transactions/control/approve',
  securityRoles: '/security/roles',
  securityAccess: '/security/access',
  /** Account → General Ledger: chart, journal, trial balance, statements (?tab=…). */
  generalLedger: '/accounts/ledger',
  generalLedgerNewJournal: '/accounts/ledger/new-journal',
  /** Reports → Built Reports: the catalogue, the caller's runs and the report inbox. */
  builtReports: '/reports/built-reports',
  /** Reports → Report Administration: built reports scheduled for a role. */
  reportSchedules: '/reports/admin',
  /** Reports → Regulatory Returns: the BSL monthly returns (`?month=YYYY-MM`). */
  regulatoryReturns: '/reports/vbng-csss',
  /** Customer menu: one list per kind at /customers/<kind>, its form at /customers/<kind>/new. */
  customerKinds: ['private', 'employee', 'corporate', 'government', 'org', 'joint'] as const,
  /** The customer 360 page; the id is zero-padded (customerHref in the contracts). */
  customerView: '/customers/view/:id',
  customerContact: '/customers/contact',
  customerProfiling: '/customers/profiling',
  customerSignatures: '/customers/signatures',
  customerAdmin: '/customers/admin',
  customerReports: '/customers/reports',
  /** Products: /products/definition (`?new`, `?code=`), /products/pricing, /products/reports. */
  productScreens: ['definition', 'pricing', 'reports'] as const,
  /** Account → Loan → Loan Administration: loan products (`?new`, `?code=`, `?sort=&order=&page=`). */
  loanAdministration: '/accounts/loan/admin',
  /** Account menu: the list screens share one configured list, per account kind. */
  accountLists: [
    '/accounts/current/manager',
    '/accounts/savings/manager',
    '/accounts/deposit/manager',
    '/accounts/current/closed',
    '/accounts/savings/closed',
    '/accounts/deposit/closed',
    '/accounts/current/od-schedule',
    '/accounts/current/interest',
    '/accounts/savings/interest',
    '/accounts/deposit/admin',
  ],
  /** Find-one-account tools: blocks and holds, holds alone, overdraft limits. */
  accountControls: ['/accounts/current/control', '/accounts/savings/control'],
  blockAmount: '/transactions/control/block-amount',
  overdraftLimits: '/accounts/current/od-limits',
  /** End of day: the run, its live progress, its reports; the calendar it works by. */
  eodPeriodEnd: '/system/batch/period-end',
  eodProcesses: '/system/batch/processes',
  eodReports: '/system/batch/interest',
  specialDates: '/system/messages/special-dates',
  accountingPeriods: '/system/messages/accounting-periods',
  /** Payments. */
  transfers: '/transactions/transfers',
  exchangeRates: '/treasury/rates',
  salaryImport: '/transactions/other/salary-import',
  standingOrdersRegister: '/transactions/standing-orders/register',
  standingOrdersOptions: '/transactions/standing-orders/options',
  /** Account → Loan → Loan Simulation: a schedule worked out as the terms are typed, nothing saved. */
  loanSimulation: '/accounts/loan/simulation',
  /** Account → Loan → Loan Applications: the list, `?new` the form, `?id=` one application. */
  loanApplications: '/accounts/loan/applications',
  /** Account → Loan → Loan Manager: the loans list, `?id=` the loan 360; Closed Loans: the Closed ones. */
  loanManager: '/accounts/loan/manager',
  closedLoans: '/accounts/loan/closed',
  /** Account → Loan → Provisioning: the runs, `?run=` one run's figures by class. */
  loanProvisioning: '/accounts/loan/provisioning',
  /** Account → Loan → Loan Reports (`?report=&date=&by=&from=&sort=&order=&page=`). */
  loanReports: '/accounts/loan/reports',
  /** Teller: the counter and the branch's tills (Transaction → Teller), the CTR list (Reports). */
  tellerHome: '/transactions/teller/home',
  branchTills: '/transactions/teller/tills',
  /** Teller Administration: the branch's till register (head tellers, teller.vault). */
  tillRegister: '/transactions/teller/admin',
  ctrFlags: '/reports/ctr',
  /** Compliance: the sanctions lists and the hits queue (aml.* holders only). */
  sanctionsLists: '/compliance/sanctions-lists',
  sanctionsHits: '/compliance/sanctions-hits',
  /** Compliance: monitoring alerts, cases (`?case=` one case file) and rules (aml.* holders only). */
  amlAlerts: '/compliance/alerts',
  amlCases: '/compliance/cases',
  amlRules: '/compliance/rules',
  /** Compliance: STRs and CTR filings for the FIU (aml.* holders only). */
  strReports: '/compliance/str',
  ctrFilings: '/compliance/ctr-filings',
  /** Proof: /transactions/proof/<screen>. */
  proofScreens: ['report', 'daily-diff', 'branch-diff'] as const,
  /** Reports → Statement Printing: statements in bulk, printed in the background. */
  statementPrinting: '/reports/statements',
} as const;

/** The proof screen a /transactions/proof/<screen> path shows. */
export const proofScreenOf = (pathname: string) =>
  paths.proofScreens.find((s) => pathname.split('/')[3] === s) ?? 'report';

/** The kind a /customers/<kind>[/new] path is about. */
export const customerKindOf = (pathname: string) =>
  paths.customerKinds.find((k) => pathname.split('/')[2] === k) ?? 'private';

/** The Product screen a /products/<screen> path shows. */
export const productScreenOf = (pathname: string) =>
  paths.productScreens.find((s) => pathname.split('/')[2] === s) ?? 'definition';

/** Pages where the top menu bar never shows (docs/product.md §2). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.landing,
  paths.signIn,
  paths.signUp,
  paths.mfaChallenge,
];
