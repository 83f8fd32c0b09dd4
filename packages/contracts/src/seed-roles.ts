import type { RoleLimit, SeedRole } from './roles.ts';

/**
 * The roles the bank starts with (ADR 0015). The migration `roles_seed` inserts exactly these (a
 * server test compares them), so they are data from then on: the roles screen edits them, four-eyes.
 * Amounts are Leones (SLE) and US dollars; `null` grants nothing (always a second person, see
 * roles.ts), a missing currency allows nothing.
 *
 * Daily limits start from the per-transaction ones: a maker may do ten of their largest a business
 * day, and one account may give up two of them a day, before a second person must look. Splitting
 * one large amount into pieces just under the limit therefore reaches a checker by the third piece.
 */
export const DAILY_PER_MAKER_FACTOR = 10n;
export const DAILY_PER_ACCOUNT_FACTOR = 2n;

const times = (amount: string | null, factor: bigint): string | null => {
  if (amount === null) return null;
  const [whole = '0', frac = ''] = amount.split('.');
  const cents = BigInt(whole + frac.padEnd(2, '0')) * factor;
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

const sle = (cash: string | null, transfer: string | null, journal: string | null, approve: string | null) =>
  ({
    currency: 'SLE',
    maxCashWithdrawal: cash,
    maxTransfer: transfer,
    maxManualJournal: journal,
    maxApproval: approve,
    dailyCashWithdrawal: times(cash, DAILY_PER_MAKER_FACTOR),
    dailyTransfer: times(transfer, DAILY_PER_MAKER_FACTOR),
    dailyManualJournal: times(journal, DAILY_PER_MAKER_FACTOR),
    accountDailyCashWithdrawal: times(cash, DAILY_PER_ACCOUNT_FACTOR),
    accountDailyTransfer: times(transfer, DAILY_PER_ACCOUNT_FACTOR),
    accountDailyManualJournal: times(journal, DAILY_PER_ACCOUNT_FACTOR),
  }) satisfies RoleLimit;
const usd = (cash: string | null, transfer: string | null, journal: string | null, approve: string | null) =>
  ({ ...sle(cash, transfer, journal, approve), currency: 'USD' }) satisfies RoleLimit;

export const OFFICER_ROLE_KEY = 'officer';

export const SEED_ROLES: SeedRole[] = [
  {
    key: OFFICER_ROLE_KEY,
    name: 'Officer',
    description:
      'What every activated member of staff could do before roles: account enquiry and statements, mobile-banking ' +
      'subscribers, postings and transfers (over Le 50,000 a second person approves), reversals (always approved ' +
      "by a second person), and the ledger's reports, in every branch.",
    permissions: [
      'enquiries.read',
      'mobile_banking.read',
      'mobile_banking.manage',
      'journal.post',
      'transfers.create',
      'postings.reverse',
      'reports.read',
      'branches.all',
    ],
    limits: [sle('50000.00', '50000.00', '50000.00', '0.00'), usd('1000.00', '1000.00', '1000.00', '0.00')],
  },
  {
    key: 'teller',
    name: 'Teller',
    description: 'Cash deposits and withdrawals at the counter of the home branch.',
    // No journal.post: a teller's cash moves through the till, never against a GL account of their choosing.
    permissions: ['enquiries.read', 'customers.read', 'teller.cash', 'loans.repay'],
    limits: [sle('20000.00', '20000.00', '20000.00', '0.00'), usd('500.00', '500.00', '500.00', '0.00')],
  },
  {
    key: 'supervisor',
    name: 'Head Teller / Supervisor',
    description: 'Runs the tellers and the vault of a branch; approves postings over a teller’s limit.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'teller.cash',
      'teller.vault',
      'transfers.create',
      'journal.post',
      'journal.approve',
      'approvals.decide',
      'postings.reverse',
    ],
    limits: [
      sle('200000.00', '200000.00', '200000.00', '1000000.00'),
      usd('5000.00', '5000.00', '5000.00', '20000.00'),
    ],
  },
  {
    key: 'cso',
    name: 'Customer Service Officer',
    description: 'Opens customers and accounts and looks after mobile-banking subscriptions.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'customers.create',
      'accounts.open',
      'mobile_banking.read',
      'mobile_banking.manage',
    ],
    limits: [],
  },
  {
    key: 'accountant',
    name: 'Accountant',
    description:
      'Posts manual journals and transfers, enters the day’s exchange rates, uploads salary files and registers ' +
      'standing orders; prepares the BSL monthly returns; runs reports. Does not open customers.',
    permissions: [
      'enquiries.read',
      'journal.post',
      'journal.backvalue',
      'transfers.create',
      'reports.read',
      'treasury.rates',
      'payments.bulk',
      'standing_orders.manage',
      'returns.prepare',
    ],
    limits: [sle(null, '1000000.00', '1000000.00', '0.00'), usd(null, '20000.00', '20000.00', '0.00')],
  },
  {
    key: 'branch_manager',
    name: 'Branch Manager',
    description: 'Everything in the branch, and the approvals of large amounts.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'customers.create',
      'customers.approve',
      'accounts.open',
      'accounts.approve',
      'accounts.block',
      'transfers.create',
      'journal.post',
      'journal.approve',
      'approvals.decide',
      'postings.reverse',
      'reports.read',
      'mobile_banking.read',
      'payments.bulk',
      'standing_orders.manage',
      'standing_orders.run',
      'loans.read',
      'loans.apply',
      'loans.approve',
      'loans.repay',
    ],
    limits: [
      sle('1000000.00', '1000000.00', '1000000.00', '10000000.00'),
      usd('20000.00', '20000.00', '20000.00', '200000.00'),
    ],
  },
  {
    key: 'credit_officer',
    name: 'Credit Officer',
    description: 'Takes loan applications in the home branch and appraises them with a recommendation.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'loans.read',
      'loans.apply',
      'loans.appraise',
      'loans.repay',
    ],
    limits: [],
  },
  {
    key: 'head_of_credit',
    name: 'Head of Credit',
    description:
      'Appraises loans in every branch, approves them up to the Head of Credit’s authority and sits on the Credit Committee.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'loans.read',
      'loans.appraise',
      'loans.approve',
      'loans.approve_large',
      'loans.committee',
      'approvals.decide',
      'reports.read',
      'branches.all',
      'loans.provision',
      'loans.capitalise',
    ],
    limits: [],
  },
  {
    key: 'credit_committee',
    name: 'Credit Committee Member',
    description: 'Approves the loans above the Head of Credit’s authority, one of two votes.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'loans.read',
      'loans.committee',
      'approvals.decide',
      'branches.all',
    ],
    limits: [],
  },
  {
    key: 'compliance',
    name: 'Compliance Officer',
    description:
      'Approves customers and KYC; signs off the BSL monthly returns; reads the audit trail across branches; imports sanctions lists and decides their hits.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'customers.approve',
      'approvals.decide',
      'audit.read',
      'reports.read',
      'returns.approve',
      'branches.all',
      'aml.screening',
      'aml.lists.import',
      'aml.alerts',
      'aml.cases',
      'aml.rules.change',
      'aml.str.prepare',
      'aml.ctr.file',
    ],
    limits: [],
  },
  {
    key: 'auditor',
    name: 'Auditor',
    description: 'Reads everything in every branch and changes nothing.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'mobile_banking.read',
      'reports.read',
      'audit.read',
      'roles.read',
      'loans.read',
      'branches.all',
    ],
    limits: [],
  },
  {
    key: 'it_security',
    name: 'IT Security Administrator',
    description: 'Administers staff users, roles and access; another administrator approves each change.',
    permissions: [
      'staff.manage',
      'roles.read',
      'roles.manage',
      'approvals.decide',
      'audit.read',
      'branches.all',
    ],
    limits: [],
  },
  {
    key: 'mlro',
    name: 'MLRO',
    description:
      'Money Laundering Reporting Officer: everything Compliance sees of monitoring and screening; decides escalated cases, approves and files STRs.',
    permissions: [
      'enquiries.read',
      'customers.read',
      'approvals.decide',
      'audit.read',
      'reports.read',
      'branches.all',
      'aml.screening',
      'aml.lists.import',
      'aml.alerts',
      'aml.cases',
      'aml.rules.change',
      'aml.str.prepare',
      'aml.str.file',
      'aml.ctr.file',
    ],
    limits: [],
  },
  // End of day and product changes are four-eyes between two holders of the same role: the maker
  // and the person who confirms (migration 0087).
  {
    key: 'operations',
    name: 'Operations Officer',
    description:
      'Runs end of day and keeps the calendar and accounting periods; another Operations Officer confirms each run. Reads reports in every branch and moves no money.',
    // Schedules reports for a role (migration 0102): end of day, which this role runs, queues them.
    permissions: [
      'enquiries.read',
      'reports.read',
      'eod.run',
      'approvals.decide',
      'branches.all',
      'reports.schedule',
    ],
    limits: [],
  },
  {
    key: 'product_manager',
    name: 'Product Manager',
    description:
      'Defines deposit and loan products and their pricing; another Product Manager approves each change. Moves no money.',
    permissions: [
      'enquiries.read',
      'reports.read',
      'products.manage',
      'loan_products.manage',
      'approvals.decide',
      'branches.all',
    ],
    limits: [],
  },
];
