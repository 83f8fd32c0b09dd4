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
  mobileBankingUsers: '/solutions/mobile-admin/users',
  accountEnquiry: '/enquiries/account',
  /** The code from the authenticator app, between the password and the first page (issue 13). */
  mfaChallenge: '/signin/mfa',
  /** The signed-in user's profile: two-factor authentication set-up. */
  profile: '/profile',
  /** The storage service's buckets and objects (superusers). */
  objectLibrary: '/system/batch-control/object-library',
  /** The four-eyes inbox (issue 15). */
  approvalsInbox: '/transactions/control/approve',
  securityRoles: '/security/roles',
  securityAccess: '/security/access',
  /** Account → General Ledger: chart, journal, trial balance, statements (?tab=…). */
  generalLedger: '/accounts/ledger',
  generalLedgerNewJournal: '/accounts/ledger/new-journal',
  /** Reports → Built Reports: the general ledger's reports. */
  builtReports: '/reports/built-reports',
} as const;

/** Pages where the top menu bar never shows (docs/product.md §2). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.landing,
  paths.signIn,
  paths.signUp,
  paths.mfaChallenge,
];
