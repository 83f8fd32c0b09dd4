/**
 * The menu tree of docs/product.md §2 as compact rows: [name, path segment, description, children?].
 * A child's path is its parent's path + '/' + segment; top-level segments are absolute.
 * Codes are not written here: `menu.ts` numbers the rows in tree order so they stay unique.
 */
export type MenuRow = readonly [
  name: string,
  segment: string,
  description: string,
  children?: readonly MenuRow[],
];

const ENQUIRIES: MenuRow = [
  'Enquiries',
  '/enquiries',
  'Look up accounts, balances and branch figures without changing anything.',
  [
    ['Account Enquiry', 'account', 'Find an account by number and see its details and transaction history.'],
    [
      'Executive Dashboard',
      'dashboard',
      'Headline figures for management: deposits, loans and customers across the bank.',
    ],
    [
      'Deposit & Borrowing Analysis',
      'analysis',
      'Compare deposit and loan balances by product, branch and period.',
    ],
    ['Movement By Account', 'movement', 'Debits and credits on one account over a chosen date range.'],
    ['Snapshot View', 'snapshot', 'Balances of every account as they stood at the end of a given day.'],
    ['Departments', 'departments', 'Figures grouped by department, for department heads.'],
    ['Branch Statistics', 'statistics', 'Customer, account and transaction counts per branch.'],
  ],
];

const TRANSACTIONS: MenuRow = [
  'Transaction',
  '/transactions',
  'Post, control and correct customer and internal transactions.',
  [
    ['Waste Processing', 'waste', 'Clear rejected or incomplete postings left in the waste queue.'],
    [
      'Standing Orders',
      'standing-orders',
      'Recurring payments customers have instructed the bank to make.',
      [
        ['Register', 'register', 'Record a new standing order or amend an existing one.'],
        ['Options', 'options', 'Run times, retry rules and charges for standing orders.'],
      ],
    ],
    [
      'Other Transactions',
      'other',
      'Bulk and special postings outside the teller window.',
      [
        [
          'Bulk Salary Import Posting',
          'salary-import',
          'Post an employer’s salary file to staff accounts in one batch.',
        ],
        ['Bulk Customer Debits', 'customer-debits', 'Debit many customer accounts at once, e.g. for fees.'],
        [
          'FIBC Import License',
          'fibc-license',
          'Record foreign exchange import licences and their payments.',
        ],
        [
          'Direct Credit Transfer ACT',
          'direct-credit',
          'Send direct credit transfers to accounts at other banks.',
        ],
      ],
    ],
    [
      'Proof Transactions',
      'proof',
      'Check that each day’s postings balance and chase differences.',
      [
        ['Proof Report', 'report', 'The daily proof report of debits against credits.'],
        ['Proof Enquiry', 'enquiry', 'Look up proof totals for a branch, teller or day.'],
        ['Tax Reference', 'tax-ref', 'Tax reference numbers attached to proofed postings.'],
        ['Manage Differences', 'manage-diff', 'Investigate and resolve out-of-balance amounts.'],
        ['Bad Transactions 2', 'bad-trans-2', 'Second-level list of postings that failed proof checks.'],
        ['Bad Transactions 1', 'bad-trans-1', 'First-level list of postings that failed proof checks.'],
        ['Branch Differences', 'branch-diff', 'Out-of-balance amounts broken down by branch.'],
        ['Daily Differences', 'daily-diff', 'Out-of-balance amounts broken down by day.'],
      ],
    ],
    [
      'Transaction Control',
      'control',
      'Approve, hold and correct transactions before they take effect.',
      [
        ['Approve Transactions', 'approve', 'Authorise postings that need a second officer’s approval.'],
        ['Clear Deposits', 'clear-deposit', 'Release cheque deposits once the funds have cleared.'],
        ['Block Amount', 'block-amount', 'Hold part of a balance so it cannot be withdrawn.'],
        ['Edit Details', 'edit-details', 'Correct narrative and reference details of a posting.'],
        ['Checks Register', 'checks-register', 'Register of cheques issued, presented and stopped.'],
      ],
    ],
    ['SWIFT/RTGS', 'swift-rtgs', 'High-value and cross-border payments through SWIFT and RTGS.'],
    ['ACH/ACR', 'ach-acr', 'Automated clearing house payments and returns.'],
    ['SWIFT', 'swift', 'Create and track SWIFT payment messages.'],
    ['Administration', 'admin', 'Transaction codes, limits and posting rules.'],
    [
      'Transfers',
      'transfers',
      'Move money between two accounts, in one currency or across currencies at the day’s rate.',
    ],
    [
      'Teller',
      'teller',
      'Cash at the counter: the till session, deposits, withdrawals and the vault.',
      [
        ['Teller Home', 'home', 'Open your till, take deposits and pay withdrawals, count and close.'],
        ['Branch Tills', 'tills', 'Every till of the branch today, the vault, counts awaiting sign-off.'],
        ['Teller Administration', 'admin', 'The branch’s till register: codes, names and assigned tellers.'],
      ],
    ],
  ],
];

const CUSTOMERS: MenuRow = [
  'Customer',
  '/customers',
  'Open and maintain customer records (KYC).',
  [
    ['Private Customers', 'private', 'Individual customers: identity, address and contact details.'],
    ['Corporate Customers', 'corporate', 'Companies: registration, directors and authorised signatories.'],
    ['Joint Customers', 'joint', 'Customers who hold accounts together.'],
    ['Employee Customers', 'employee', 'Bank staff who are also customers.'],
    ['Government Customers', 'government', 'Ministries, departments and public agencies.'],
    ['Organisations', 'org', 'NGOs, churches, associations and other organisations.'],
    ['Contacts', 'contact', 'Contact persons and how to reach them.'],
    ['Customer Reports', 'reports', 'Lists and counts of customers by type, branch and status.'],
    ['Customer Administration', 'admin', 'Customer types, risk grades and required documents.'],
    ['Customer Profiling', 'profiling', 'Risk and anti-money-laundering profile of each customer.'],
    ['Signatures', 'signatures', 'Specimen signatures and photos for verifying instructions.'],
  ],
];

const ACCOUNTS: MenuRow = [
  'Account',
  '/accounts',
  'Open, service and close customer accounts and loans.',
  [
    ['General Ledger', 'ledger', 'The bank’s chart of accounts and ledger balances.'],
    [
      'Current Accounts',
      'current',
      'Cheque accounts for personal and business customers.',
      [
        ['Account Manager', 'manager', 'Open, view and update current accounts.'],
        ['Interest', 'interest', 'Credit and debit interest rates and accruals.'],
        ['Account Control', 'control', 'Blocks, dormancy and status changes.'],
        ['Original Account Type', 'original-type', 'The product an account was first opened under.'],
        ['Overdraft Schedule', 'od-schedule', 'Repayment schedules of agreed overdrafts.'],
        ['Overdraft Limits', 'od-limits', 'Set and review overdraft limits and expiry dates.'],
        ['Closed Accounts', 'closed', 'Current accounts that have been closed.'],
      ],
    ],
    [
      'Savings',
      'savings',
      'Interest-earning savings accounts.',
      [
        ['Account Manager', 'manager', 'Open, view and update savings accounts.'],
        ['Interest', 'interest', 'Savings interest rates and capitalisation.'],
        ['Account Control', 'control', 'Blocks, dormancy and withdrawal limits.'],
        ['Closed Accounts', 'closed', 'Savings accounts that have been closed.'],
      ],
    ],
    [
      'Deposit',
      'deposit',
      'Fixed-term deposits.',
      [
        ['Deposit Manager', 'manager', 'Open, roll over and break fixed deposits.'],
        ['Closed Deposits', 'closed', 'Deposits that have matured and been paid out.'],
        ['Closed Deposit Accounts', 'closed-da', 'Deposit accounts that have been closed.'],
        ['Deposit Administration', 'admin', 'Deposit terms, rates and maturity rules.'],
      ],
    ],
    [
      'Loan',
      'loan',
      'Customer loans from application to repayment.',
      [
        ['Loan Manager', 'manager', 'Disburse, service and restructure loans.'],
        ['Loan Applications', 'applications', 'Record and approve loan applications.'],
        ['Loan Simulation', 'simulation', 'Work out instalments and interest before lending.'],
        ['Closed Loans', 'closed', 'Loans that have been repaid or written off.'],
        ['Loan Reports', 'reports', 'Arrears, portfolio and provisioning reports.'],
        ['Loan Administration', 'admin', 'Loan products, rates and grading rules.'],
        ['Provisioning', 'provisioning', 'Loan loss provisions, posted four-eyes.'],
      ],
    ],
    ['Other Accounts', 'other', 'Internal and suspense accounts.'],
    ['Account Management', 'management', 'Change account officer, branch or product.'],
    ['Account Administration', 'admin', 'Account types, numbering and charges.'],
    ['Account Reports', 'reports', 'Balances, movements and dormant account lists.'],
    ['Multicurrency', 'multicurrency', 'Accounts held in US dollars and other currencies.'],
  ],
];

const EXTENDED: MenuRow = [
  'Extended',
  '/solutions',
  'Channels and add-on services beyond the branch counter.',
  [
    ['Internet Banking', 'internet-banking', 'Customers’ online banking access and limits.'],
    ['ATM', 'atm', 'ATM cards, terminals and settlement.'],
    ['Salary Import', 'salary-import', 'Receive salary files from employers.'],
    ['Tele-banking (SMS)', 'tele-banking', 'SMS alerts and balance requests.'],
    ['School Fees', 'school-fees', 'Collect fees on behalf of schools.'],
    ['Shareholder', 'shareholder', 'The bank’s shareholder register and dividends.'],
    ['Micro Finance', 'micro-finance', 'Group lending and small loans.'],
    ['Agency Banking', 'agency-banking', 'Agents who serve customers on the bank’s behalf.'],
    ['Mobile Banking', 'mobile', 'Mobile app services for customers.'],
    ['USSD', 'ussd', 'Banking by USSD short codes on any phone.'],
    [
      'Mobile Banking Admin',
      'mobile-admin',
      'Manage customers’ mobile banking subscriptions.',
      [
        ['Registered Users', 'users', 'Customers registered for mobile banking and their wallets.'],
        ['Access Control', 'access-control', 'Which mobile services each customer may use.'],
        ['Permissions', 'permissions', 'Staff permissions for mobile banking administration.'],
        ['Edit User', 'edit-user', 'Change a mobile banking user’s number or payment account.'],
        ['Accounts', 'accounts', 'Accounts linked to mobile banking users.'],
        ['Transactions', 'transactions', 'Payments and transfers made through mobile banking.'],
        ['Queued', 'queued', 'Mobile transactions waiting to be processed.'],
        ['Register', 'register', 'Register a customer for mobile banking.'],
      ],
    ],
  ],
];

const OFFICE: MenuRow = [
  'Office',
  '/office',
  'Internal administration of the bank’s offices.',
  [
    ['Registers', 'registers', 'Official registers kept by the branch.'],
    ['Personnel', 'personnel', 'Staff records and postings.'],
    ['Payroll', 'payroll', 'Monthly staff salary runs.'],
    ['Assets', 'assets', 'Fixed assets and depreciation.'],
    ['Inventory', 'inventory', 'Stationery, cheque books and cards in stock.'],
    ['Projects', 'projects', 'Internal projects and their budgets.'],
    ['Documents', 'documents', 'Scanned documents and templates.'],
  ],
];

const REPORTS: MenuRow = [
  'Reports',
  '/reports',
  'Standard, regulatory and custom reports.',
  [
    ['Report Generator', 'generator', 'Design a report from the available fields.'],
    ['Built Reports', 'built-reports', 'Reports already built and ready to run.'],
    ['Statement Printing', 'statements', 'Print customer account statements.'],
    ['User SQL Reports', 'sql', 'Saved SQL queries run as reports.'],
    [
      'Regulatory Returns',
      'vbng-csss',
      'The Bank of Sierra Leone’s monthly returns: prepare, sign off, download as filed.',
    ],
    ['User Reports', 'user', 'Reports saved by individual staff.'],
    ['Report Administration', 'admin', 'Who may run which report, and scheduling.'],
    ['Business Intelligence', 'bi', 'Trends and analysis across the bank’s data.'],
    [
      'Cash Transaction Reports',
      'ctr',
      'Cash deposits and withdrawals at or above the reporting threshold, for compliance.',
    ],
  ],
];

const PRODUCTS: MenuRow = [
  'Product',
  '/products',
  'The bank’s account and loan products.',
  [
    ['Product Definition', 'definition', 'Create products and set their rules.'],
    ['Pricing', 'pricing', 'Fees, charges and interest rates per product.'],
    ['Product Reports', 'reports', 'Accounts and balances by product.'],
  ],
];

const TREASURY: MenuRow = [
  'Treasury',
  '/treasury',
  'Money market, foreign exchange and liquidity.',
  [
    ['Treasury Products', 'products', 'Treasury bills, placements and FX deals.'],
    ['Treasury Reports', 'reports', 'Positions, maturities and liquidity reports.'],
    ['Exchange Rates', 'rates', 'The buy, sell and mid rate of each currency for each business date.'],
  ],
];

const SECURITY: MenuRow = [
  'Security',
  '/security',
  'Staff users, roles and the audit trail.',
  [
    ['Users', 'users', 'Approve, activate and manage staff user accounts.'],
    ['Roles', 'roles', 'Groups of permissions given to staff.'],
    ['Audit', 'audit', 'Who did what and when: the tamper-evident audit log.'],
    ['Access Control & Roles', 'access', 'Which role may open which screen.'],
    // docs/product.md §2 lists a second audit entry; it gets its own path so every menu path is unique.
    ['Audit Trail', 'audit-trail', 'Changes to one record over time, from the audit log.'],
  ],
];

const SYSTEM: MenuRow = [
  'System',
  '/system',
  'Parameters and routines that keep the system running.',
  [
    [
      'Messages',
      'messages',
      'Code tables and parameters used across the system.',
      [
        ['Account Types', 'account-types', 'Codes for each kind of account.'],
        ['Transactions', 'transactions', 'Transaction codes and their ledger effects.'],
        ['Currency', 'currency', 'Currencies, with the Leone (Le) as home currency, and rates.'],
        ['Bank Codes', 'bank-codes', 'Codes of banks for clearing and transfers.'],
        ['Branch Codes', 'branch-codes', 'Codes of the bank’s branches.'],
        ['Department Codes', 'department-codes', 'Codes of departments.'],
        ['Sector Codes', 'sector-codes', 'Economic sectors for regulatory reporting.'],
        ['Transaction Sources', 'transaction-sources', 'Channels a posting can come from.'],
        ['Special Dates', 'special-dates', 'Public holidays and non-working days.'],
        ['Ledger Codes', 'ledger-codes', 'General ledger code ranges.'],
        ['Country Codes', 'country-codes', 'Country codes for addresses and payments.'],
        ['Codes Tables', 'codes-tables', 'Other lookup tables.'],
        ['Accounting Periods', 'accounting-periods', 'Open and closed accounting periods.'],
        ['Business Types', 'business-types', 'Kinds of business a customer may run.'],
        ['Language Phrases', 'language-phrases', 'Wording shown on screens and documents.'],
      ],
    ],
    ['Import', 'import', 'Load data from files into the system.'],
    ['Interest', 'interest', 'Run interest accruals and capitalisation.'],
    [
      'Scheduler',
      'scheduler',
      'Jobs that run automatically and their connections.',
      [
        ['Connections', 'connections', 'Connections to other systems.'],
        ['Branch Connections', 'branch-connections', 'Links between head office and branches.'],
        ['Station', 'station', 'Workstations allowed to run scheduled jobs.'],
        ['Attendance', 'attendance', 'Staff attendance records.'],
      ],
    ],
    [
      'Batch Control',
      'batch-control',
      'Tools for batch processing and data checks.',
      [
        ['TW Creator', 'tw-creator', 'Build batch job definitions.'],
        ['Object Library', 'object-library', 'Reusable batch objects.'],
        ['Defect Base', 'defectbase', 'Known data defects and their fixes.'],
        ['Consistency', 'consistency', 'Check that balances and records agree.'],
        ['Language', 'language', 'Languages of screens and documents.'],
        ['Messaging', 'messaging', 'Messages sent to staff and customers.'],
        ['Data I/O', 'data-io', 'Export and import data sets.'],
        ['SQL', 'sql', 'Run approved maintenance queries.'],
        ['Setup Check', 'setup-check', 'Check that system parameters are complete.'],
      ],
    ],
    [
      'Period End',
      'period-end',
      'End-of-day, month and year routines and their security.',
      [
        ['Security', 'security', 'Who may run period-end routines.'],
        ['Groups', 'groups', 'User groups for period-end tasks.'],
        ['Login', 'login', 'Sign-in rules during period end.'],
        ['Audits', 'audits', 'Audit of period-end runs.'],
        ['Application Security', 'app-security', 'Application-wide security settings.'],
        ['Menu Control', 'menu-control', 'Which menu entries are available.'],
        ['Menu System', 'menu-system', 'The structure of the menu.'],
      ],
    ],
    [
      'Batch',
      'batch',
      'Run batch jobs by hand.',
      [
        ['Messages', 'messages', 'Batch update of code tables.'],
        ['Import', 'import', 'Batch data imports.'],
        ['Interest', 'interest', 'Batch interest runs.'],
        ['Scheduler', 'scheduler', 'Start and stop scheduled jobs.'],
        ['Control', 'control', 'Batch totals and control checks.'],
        ['Period End', 'period-end', 'Run end-of-day, month or year.'],
        ['Processes', 'processes', 'Running and finished batch processes.'],
      ],
    ],
  ],
];

// Compliance comes last so the entries before it keep their codes. Only `aml.*` holders see it
// (permissions.ts): nobody else learns that customers are screened or matched.
const COMPLIANCE: MenuRow = [
  'Compliance',
  '/compliance',
  'Sanctions screening: the lists customers are screened against and the potential matches to decide.',
  [
    [
      'Sanctions Lists',
      'sanctions-lists',
      'Import the UN consolidated list and the domestic designations; each import is a version a second officer approves.',
    ],
    [
      'Sanctions Hits',
      'sanctions-hits',
      'Potential matches of customers with a listed name, with the evidence side by side: clear or confirm each.',
    ],
    [
      'Alerts',
      'alerts',
      'Transaction monitoring alerts: each rule’s hit on a customer, with its transactions and score; open a case from one.',
    ],
    [
      'Cases',
      'cases',
      'The case file of each customer under investigation: alerts, notes, history; escalate to the MLRO or close.',
    ],
    [
      'Monitoring Rules',
      'rules',
      'The scenarios and thresholds customers are monitored against; a change is approved by a second officer.',
    ],
    [
      'STR Reports',
      'str',
      'Suspicious transaction reports drafted from cases, approved by the MLRO and filed with the FIU as goAML XML.',
    ],
    [
      'CTR Filings',
      'ctr-filings',
      'Frozen daily or monthly batches of cash transaction reports for the FIU, as goAML XML and CSV.',
    ],
  ],
];

export const MENU_ROWS: readonly MenuRow[] = [
  ENQUIRIES,
  TRANSACTIONS,
  CUSTOMERS,
  ACCOUNTS,
  EXTENDED,
  OFFICE,
  REPORTS,
  PRODUCTS,
  TREASURY,
  SECURITY,
  SYSTEM,
  COMPLIANCE,
];
