import type { ReactElement } from 'react';
import { createRoutesFromChildren, Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from '@/app/layout/root-layout';
import { lazyPage } from './routes/route-page';

// Each screen is its own chunk: a first visit loads only what it shows.
const Landing = lazyPage(() => import('@/features/landing/routes/landing'));
const SignIn = lazyPage(() => import('@/features/auth/routes/sign-in'));
const SignUp = lazyPage(() => import('@/features/auth/routes/sign-up'));
const Dashboard = lazyPage(() => import('./routes/dashboard-route'));
const NewUserDashboard = lazyPage(() => import('./routes/new-user-dashboard-route'));
const Analytics = lazyPage(() => import('./routes/analytics-route'));
const RegisteredUsers = lazyPage(() => import('./routes/registered-users-route'));
const AccountEnquiry = lazyPage(() => import('./routes/account-enquiry-route'));
const StaffUsers = lazyPage(() => import('./routes/staff-users-route'));
const AuditTrail = lazyPage(() => import('./routes/audit-trail-route'));
const MfaChallenge = lazyPage(() => import('@/features/mfa/routes/mfa-challenge'));
const Profile = lazyPage(() => import('./routes/profile-route'));
const ObjectLibrary = lazyPage(() => import('./routes/object-library-route'));
const ApprovalsInbox = lazyPage(() => import('./routes/approvals-inbox-route'));
const Roles = lazyPage(() => import('./routes/roles-route'));
const Access = lazyPage(() => import('./routes/access-route'));
const GeneralLedger = lazyPage(() => import('./routes/general-ledger-route'));
const ManualJournal = lazyPage(() => import('./routes/manual-journal-route'));
const CustomerList = lazyPage(() => import('./routes/customer-list-route'));
const CustomerCreate = lazyPage(() => import('./routes/customer-create-route'));
const Customer360 = lazyPage(() => import('./routes/customer-360-route'));
const CustomerContact = lazyPage(() => import('./routes/customer-contact-route'));
const CustomerProfiling = lazyPage(() => import('./routes/customer-profiling-route'));
const CustomerSignatures = lazyPage(() => import('./routes/customer-signatures-route'));
const CustomerAdmin = lazyPage(() => import('./routes/customer-admin-route'));
const CustomerReports = lazyPage(() => import('./routes/customer-reports-route'));
const Products = lazyPage(() => import('./routes/products-route'));
const LoanAdministration = lazyPage(() => import('./routes/loan-admin-route'));
const AccountList = lazyPage(() => import('./routes/account-list-route'));
const AccountTool = lazyPage(() => import('./routes/account-tool-route'));
const EndOfDay = lazyPage(() => import('./routes/end-of-day-route'));
const Calendar = lazyPage(() => import('./routes/calendar-route'));
const Transfers = lazyPage(() => import('./routes/transfers-route'));
const ExchangeRates = lazyPage(() => import('./routes/exchange-rates-route'));
const SalaryImport = lazyPage(() => import('./routes/salary-import-route'));
const SanctionsLists = lazyPage(() => import('./routes/sanctions-lists-route'));
const SanctionsHits = lazyPage(() => import('./routes/sanctions-hits-route'));
const AmlAlerts = lazyPage(() => import('./routes/aml-alerts-route'));
const AmlCases = lazyPage(() => import('./routes/aml-cases-route'));
const AmlRules = lazyPage(() => import('./routes/aml-rules-route'));
const StrReports = lazyPage(() => import('./routes/str-reports-route'));
const CtrFilings = lazyPage(() => import('./routes/ctr-filings-route'));
const StandingOrders = lazyPage(() => import('./routes/standing-orders-route'));
const Teller = lazyPage(() => import('./routes/teller-route'));
const LoanSimulation = lazyPage(() => import('./routes/loan-simulation-route'));
const LoanApplications = lazyPage(() => import('./routes/loan-applications-route'));
const LoanManager = lazyPage(() => import('./routes/loan-manager-route'));
const ClosedLoans = lazyPage(() => import('./routes/closed-loans-route'));
const LoanProvisioning = lazyPage(() => import('./routes/loan-provisioning-route'));
const LoanReports = lazyPage(() => import('./routes/loan-reports-route'));
const RegulatoryReturns = lazyPage(() => import('./routes/regulatory-returns-route'));
// The chart library comes with this chunk alone: nothing of it reaches the sign-in page.
const ExecutiveDashboard = lazyPage(() => import('./routes/executive-dashboard-route'));
// The three analysis screens of Enquiries (two draw with the same chart library, in their own chunks).
const SnapshotView = lazyPage(() => import('./routes/snapshot-view-route'));
const DepositBorrowing = lazyPage(() => import('./routes/deposit-borrowing-route'));
const BranchStatistics = lazyPage(() => import('./routes/branch-statistics-route'));
const StatementPrinting = lazyPage(() => import('./routes/statement-printing-route'));
const CatchAll = lazyPage(() => import('./routes/catch-all-route'));
// Built reports: the catalogue, runs and inbox; schedules under Report Administration.
const BuiltReports = lazyPage(() => import('./routes/built-reports-route'));
const ReportSchedules = lazyPage(() => import('./routes/report-schedules-route'));

/** docs/product.md §2 route table, all under one root layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Landing />} />
        <Route path={paths.signIn} element={<SignIn />} />
        <Route path={paths.signUp} element={<SignUp />} />
        <Route path={paths.dashboard} element={<Dashboard />} />
        <Route path={paths.newUserDashboard} element={<NewUserDashboard />} />
        <Route path={paths.dashboards}>
          <Route index element={<Navigate to={paths.dashboard} replace />} />
          {Object.values(paths.analytics).map((p) => (
            <Route key={p} path={p} element={<Analytics />} />
          ))}
        </Route>
        <Route path={paths.mobileBankingUsers} element={<RegisteredUsers />} />
        <Route path={paths.accountEnquiry} element={<AccountEnquiry />} />
        <Route path={paths.securityUsers} element={<StaffUsers />} />
        <Route path={paths.securityAudit} element={<AuditTrail />} />
        {/* The menu names some screens twice (Audit and Audit Trail; two Salary Imports): one screen, one address. */}
        {Object.entries(paths.menuAliases).map(([alias, to]) => (
          <Route key={alias} path={alias} element={<Navigate to={to} replace />} />
        ))}
        <Route path={paths.mfaChallenge} element={<MfaChallenge />} />
        <Route path={paths.profile} element={<Profile />} />
        <Route path={paths.objectLibrary} element={<ObjectLibrary />} />
        <Route path={paths.approvalsInbox} element={<ApprovalsInbox />} />
        <Route path={paths.securityRoles} element={<Roles />} />
        <Route path={paths.securityAccess} element={<Access />} />
        <Route path={paths.generalLedger} element={<GeneralLedger />} />
        <Route path={paths.generalLedgerNewJournal} element={<ManualJournal />} />
        <Route path={paths.builtReports} element={<BuiltReports />} />
        <Route path={paths.reportSchedules} element={<ReportSchedules />} />
        <Route path={paths.regulatoryReturns} element={<RegulatoryReturns />} />
        <Route path={paths.executiveDashboard} element={<ExecutiveDashboard />} />
        <Route path={paths.snapshotView} element={<SnapshotView />} />
        <Route path={paths.depositBorrowing} element={<DepositBorrowing />} />
        <Route path={paths.branchStatistics} element={<BranchStatistics />} />
        {paths.customerKinds.map((k) => (
          <Route key={k} path={`/customers/${k}`} element={<CustomerList />} />
        ))}
        {paths.customerKinds.map((k) => (
          <Route key={`${k}-new`} path={`/customers/${k}/new`} element={<CustomerCreate />} />
        ))}
        <Route path={paths.customerView} element={<Customer360 />} />
        <Route path={paths.customerContact} element={<CustomerContact />} />
        <Route path={paths.customerProfiling} element={<CustomerProfiling />} />
        <Route path={paths.customerSignatures} element={<CustomerSignatures />} />
        <Route path={paths.customerAdmin} element={<CustomerAdmin />} />
        <Route path={paths.customerReports} element={<CustomerReports />} />
        {paths.productScreens.map((s) => (
          <Route key={s} path={`/products/${s}`} element={<Products />} />
        ))}
        <Route path={paths.loanAdministration} element={<LoanAdministration />} />
        {paths.accountLists.map((p) => (
          <Route key={p} path={p} element={<AccountList />} />
        ))}
        {[...paths.accountControls, paths.blockAmount, paths.overdraftLimits].map((p) => (
          <Route key={p} path={p} element={<AccountTool />} />
        ))}
        {[paths.eodPeriodEnd, paths.eodProcesses, paths.eodReports].map((p) => (
          <Route key={p} path={p} element={<EndOfDay />} />
        ))}
        {[paths.specialDates, paths.accountingPeriods].map((p) => (
          <Route key={p} path={p} element={<Calendar />} />
        ))}
        <Route path={paths.transfers} element={<Transfers />} />
        <Route path={paths.exchangeRates} element={<ExchangeRates />} />
        <Route path={paths.salaryImport} element={<SalaryImport />} />
        <Route path={paths.sanctionsLists} element={<SanctionsLists />} />
        <Route path={paths.sanctionsHits} element={<SanctionsHits />} />
        <Route path={paths.amlAlerts} element={<AmlAlerts />} />
        <Route path={paths.amlCases} element={<AmlCases />} />
        <Route path={paths.amlRules} element={<AmlRules />} />
        <Route path={paths.strReports} element={<StrReports />} />
        <Route path={paths.ctrFilings} element={<CtrFilings />} />
        <Route path={paths.standingOrdersRegister} element={<StandingOrders />} />
        <Route path={paths.standingOrdersOptions} element={<StandingOrders />} />
        {[paths.tellerHome, paths.branchTills, paths.ctrFlags, paths.tillRegister].map((p) => (
          <Route key={p} path={p} element={<Teller />} />
        ))}
        {paths.proofScreens.map((s) => (
          <Route key={s} path={`/transactions/proof/${s}`} element={<Teller />} />
        ))}
        <Route path={paths.loanSimulation} element={<LoanSimulation />} />
        <Route path={paths.loanApplications} element={<LoanApplications />} />
        <Route path={paths.loanManager} element={<LoanManager />} />
        <Route path={paths.closedLoans} element={<ClosedLoans />} />
        <Route path={paths.loanProvisioning} element={<LoanProvisioning />} />
        <Route path={paths.loanReports} element={<LoanReports />} />
        <Route path={paths.statementPrinting} element={<StatementPrinting />} />
        <Route path="*" element={<CatchAll />} />
      </Route>
    </Routes>
  );
}

/** The same table as data, for the menu's marks on entries not built yet (lib/screens). */
export const APP_ROUTES = createRoutesFromChildren(
  (AppRoutes() as ReactElement<{ children: ReactElement }>).props.children,
);
