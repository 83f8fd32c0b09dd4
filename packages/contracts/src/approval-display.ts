import { z } from 'zod';
import { approvalSchema } from './approvals.ts';
import { formatDate, padCustomerId } from './format.ts';
import { formatAccountNumber } from './deposits/account-number.ts';

/**
 * How a four-eyes request reads to people: the maker's buttons and confirmation, the inbox's subject
 * line and its before/after table. Checkers decide on names and labelled fields, never on ids and raw
 * JSON, and a maker's button says it only asks.
 */
export const FOUR_EYES_TEXT = {
  /** A button that only places a request. */
  send: 'Send for approval',
  sending: 'Sending…',
  /** The toast and the confirmation after a request is made. */
  sent: 'Sent for approval',
  sentDescription: (what: string) => `${what} takes effect once another person approves it.`,
  viewRequest: 'View the request',
  openInbox: 'Open the approvals inbox',
  /** The makers' buttons of the flows whose action only asks. */
  askToOpenAccount: 'Ask to open the account',
  askToRunEod: 'Ask to run end of day',
  askForLimit: 'Ask for this limit',
  /** The inbox, opened on one request (the link in the maker's confirmation). */
  oneRequest: 'The request',
  requestNotShown: 'This request is not one you may see, or it no longer exists.',
  showAll: 'Show every request waiting for you',
} as const;

/** A maker's button for a four-eyes action: "Activate" → "Ask to activate". */
export const askTo = (actionLabel: string): string =>
  `Ask to ${actionLabel.charAt(0).toLowerCase()}${actionLabel.slice(1)}`;

/** What each kind of subject is called when the server knows no name for it (a deleted row, a new one). */
export const APPROVAL_SUBJECT_KINDS: Record<string, string> = {
  customer: 'Customer',
  account: 'Account',
  staff: 'Staff member',
  eod_run: 'End-of-day run',
  product: 'Product',
  loan_product: 'Loan product',
  role: 'Role',
  journal_entry: 'Journal entry',
  salary_batch: 'Salary batch',
  loan_application: 'Loan application',
  sanctions_list: 'Sanctions list',
  teller_transaction: 'Teller transaction',
  till_vault_transfer: 'Vault transfer',
  till_session: 'Till count',
  return_line: 'Return line',
  regulatory_return: 'Regulatory return',
  // Loan loss provisioning and write-off (ADR 0065).
  loan_provision_run: 'Provisioning run',
  loan_provision_rates: 'Loan loss provision rates',
  loan_write_off: 'Write-off of loan',
  // Grading and restructuring (ADR 0067): a loan, and the bank's one set of class buckets.
  loan: 'Loan',
  loan_classes: 'Loan classification buckets',
};

/** Subjects the bank holds one of (a setting, not a record): their kind alone names them. */
const ONE_OF_A_KIND = new Set(['loan_classes', 'loan_provision_rates']);

/**
 * The subject line of a request from the name its owning module found for it (a customer's or staff
 * member's name, a run's business date, a product's or role's name). The server computes it for the
 * whole page in one query; without a name the kind and id are shown.
 */
export function approvalSubjectText(subjectType: string, subjectId: string, name: string | null): string {
  const kind = APPROVAL_SUBJECT_KINDS[subjectType] ?? subjectType;
  if (ONE_OF_A_KIND.has(subjectType)) return kind;
  if (name === null || name === '') {
    if (subjectType === 'account') return `${kind} ${formatAccountNumber(subjectId)}`;
    if (subjectType === 'customer' && /^\d+$/.test(subjectId)) return `${kind} ${padCustomerId(subjectId)}`;
    if (subjectId === 'new') return `New ${kind.toLowerCase()}`;
    return `${kind} ${subjectId}`;
  }
  switch (subjectType) {
    case 'eod_run':
      return `End of day for ${formatDate(name)}`;
    case 'loan_provision_run':
      return `${kind} for ${formatDate(name)}`;
    case 'customer':
      return `${kind} ${name} (${padCustomerId(subjectId)})`;
    case 'account':
      return `${kind} ${formatAccountNumber(subjectId)} of ${name}`;
    case 'product':
      return `${kind} ${name} (${subjectId})`;
    case 'role':
      return subjectId === 'new' ? `New role ${name}` : `${kind} ${name}`;
    default:
      return `${kind} ${name}`;
  }
}

/** One row of the inbox: the request and its subject by name. */
export const approvalListItemSchema = approvalSchema.extend({
  subjectName: z.string().meta({ description: 'The subject by name, e.g. "Staff member Aminata Conteh".' }),
});
export type ApprovalListItem = z.infer<typeof approvalListItemSchema>;

/**
 * Labels of the fields a request's before/after carry (every module's requests), so the inbox shows
 * "Home branch", not `homeBranch`. A field without a label is spelt out from its key.
 */
export const APPROVAL_FIELD_LABELS: Record<string, string> = {
  roles: 'Roles',
  roleIds: 'Roles',
  homeBranch: 'Home branch',
  name: 'Name',
  description: 'Description',
  permissions: 'Permissions',
  retired: 'Retired',
  limits: 'Limits',
  action: 'Action',
  reason: 'Reason',
  status: 'Status',
  businessDate: 'Business date',
  nextBusinessDate: 'Next business date',
  monthEnd: 'Month end',
  quarterEnd: 'Quarter end',
  yearEnd: 'Year end',
  accountNumber: 'Account number',
  custId: 'Customer number',
  customer: 'Customer',
  product: 'Product',
  productCode: 'Product',
  branch: 'Branch',
  branchCode: 'Branch',
  currency: 'Currency',
  amount: 'Amount',
  limit: 'Limit',
  overdraftLimit: 'Overdraft limit',
  interestRate: 'Interest rate',
  minimumBalance: 'Minimum balance',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  idType: 'ID type',
  idNumber: 'ID number',
  idIssuedOn: 'ID issued on',
  idExpiresOn: 'ID expires on',
  pep: 'Politically exposed person',
  riskRating: 'Risk rating',
  isSuperuser: 'Superuser',
  kind: 'Kind',
  code: 'Code',
  // The loan book's requests: grading, restructuring, provisioning, write-off.
  loan: 'Loan',
  class: 'Class',
  loanClass: 'Class',
  manualGrade: 'Manual grade',
  rate: 'Interest rate (% a year)',
  term: 'Term (instalments)',
  instalments: 'Instalments',
  principalOwed: 'Principal owed',
  principal: 'Principal',
  effectiveDate: 'From',
  capitalisedArrears: 'Arrears capitalised',
  firstDue: 'First instalment',
  dueDate: 'Due date',
  asOf: 'As of',
  provisionHeld: 'Provision held',
  writtenOff: 'Written off',
  fromProvision: 'From the provision',
  account: 'Account',
  curePayments: 'On-time payments to cure',
  current: 'Current',
  olem: 'OLEM',
  substandard: 'Substandard',
  doubtful: 'Doubtful',
  loss: 'Loss',
};

/** "overdraftLimit" → "Overdraft limit" when no label is listed. */
export function approvalFieldLabel(key: string): string {
  const known = APPROVAL_FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a person reads it: yes/no, lists joined, nested fields as "Label: value". */
export function approvalValueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length === 0 ? 'None' : v.map(approvalValueText).join(', ');
  if (isRecord(v))
    return Object.entries(v)
      .map(([k, x]) => `${approvalFieldLabel(k)}: ${approvalValueText(x)}`)
      .join('; ');
  return JSON.stringify(v);
}

export interface ApprovalChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * A request's before and after as rows of labelled fields, in the order the fields first appear
 * (after first: what the maker asks for). A side that is not an object (a new subject has no before)
 * counts as empty.
 */
export function approvalChanges(before: unknown, after: unknown): ApprovalChangeRow[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((key) => {
    const was = approvalValueText(b[key]);
    const will = approvalValueText(a[key]);
    return { key, label: approvalFieldLabel(key), before: was, after: will, changed: was !== will };
  });
}
