import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { holds, type Permission } from './permissions.ts';
import type { PerTransactionLimitKind } from './roles.ts';

/**
 * Four-eyes (maker-checker) requests (ADR 0015). A policy per action type says when a maker's
 * request needs a second person and what that person must hold. The thresholds are configuration:
 * change them here (one place, read by server and web).
 */
export const APPROVAL_TYPES = [
  'role.create',
  'role.update',
  'staff.roles',
  'staff.superuser',
  'posting',
  'customer.status',
  'customer.kyc_edit',
  'customer.risk_override',
  'customer.merge',
  'product.change',
  'loan_product.change',
  'loan_application.approve',
  'loan_application.approve_large',
  'loan_application.committee',
  'account.open',
  'account.status',
  'account.overdraft',
  'eod.run',
  'transfer',
  'journal.manual',
  'posting.reversal',
  'salary.batch',
  'teller.withdrawal',
  'teller.vault',
  'teller.close',
  'sanctions.list_import',
  'regulatory_return.sign_off',
  'return_mapping.change',
  'loan_application.disburse',
  'aml_rule.change',
  'aml.str_file',
  'loan_provision.rates',
  'loan_provision.post',
  'loan.write_off',
  'loan.write_off_large',
  'loan.downgrade',
  'loan.restructure',
  'loan_classes.change',
] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

export interface ApprovalPolicy {
  label: string;
  /** What the checker needs (besides `approvals.decide` for the inbox). */
  approvePermission: Permission;
  /**
   * `always`: every request needs a checker. `over_maker_limit`: only when the amount exceeds the
   * maker's limit of kind `makerLimit` (the checker's `maxApproval` must then cover it).
   */
  when: 'always' | 'over_maker_limit';
  makerLimit?: PerTransactionLimitKind;
  /** `superuser`: only a superuser may approve, whatever permissions another checker holds. */
  checker?: 'superuser';
  /** Pending requests expire when end of day closes the business date they were made on. */
  expires: 'end_of_business_day';
  /**
   * The request changes the whole bank (roles, products, the business day), not one branch's books:
   * only a checker holding `branches.all` decides it. Every other request is decided in the branch it
   * carries (the subject's branch); one that carries none is treated as bank-wide too.
   */
  bankWide?: true;
}

export const APPROVAL_POLICIES: Record<ApprovalType, ApprovalPolicy> = {
  'role.create': {
    label: 'New role',
    approvePermission: 'roles.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  'role.update': {
    label: 'Role change',
    approvePermission: 'roles.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  'staff.roles': {
    label: 'Staff roles and home branch',
    approvePermission: 'roles.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Superuser rights bypass every permission check: a second superuser confirms each grant, so one
  // superuser cannot make an accomplice who then approves their requests.
  'staff.superuser': {
    label: 'Grant superuser rights',
    approvePermission: 'roles.manage',
    checker: 'superuser',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  posting: {
    label: 'Posting over the maker’s limit',
    approvePermission: 'journal.approve',
    when: 'over_maker_limit',
    makerLimit: 'maxManualJournal',
    expires: 'end_of_business_day',
  },
  // Customers: the four-eyes actions of the lifecycle table (activate, unblock, close).
  'customer.status': {
    label: 'Customer status change',
    approvePermission: 'customers.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'customer.kyc_edit': {
    label: 'KYC edit (names, ID, date of birth, PEP)',
    approvePermission: 'customers.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'customer.risk_override': {
    label: 'Risk rating override',
    approvePermission: 'customers.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'customer.merge': {
    label: 'Merge two customers or move a branch',
    approvePermission: 'customers.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  // Deposits: a new product or a product change, opening, unblocking and closing
  // (deposits/lifecycle.ts), and overdraft limits.
  'product.change': {
    label: 'New product or product change',
    approvePermission: 'products.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Lending: a new loan product or a change to one (a new version for new loans).
  'loan_product.change': {
    label: 'New loan product or loan product change',
    approvePermission: 'loan_products.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Loan applications, by approval authority (LOAN_APPROVAL_AUTHORITIES): the Branch Manager decides
  // in the application's branch; the Head of Credit and the Credit Committee decide bank-wide.
  'loan_application.approve': {
    label: 'Loan approval (Branch Manager)',
    approvePermission: 'loans.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'loan_application.approve_large': {
    label: 'Loan approval (Head of Credit)',
    approvePermission: 'loans.approve_large',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  'loan_application.committee': {
    label: 'Loan approval (Credit Committee, one of two votes)',
    approvePermission: 'loans.committee',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  'account.open': {
    label: 'Account opening',
    approvePermission: 'accounts.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'account.status': {
    label: 'Account unblock or closure',
    approvePermission: 'accounts.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'account.overdraft': {
    label: 'Overdraft limit',
    approvePermission: 'accounts.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  // End of day: a supervisor confirms the run another holder of eod.run asked for.
  'eod.run': {
    label: 'End-of-day run',
    approvePermission: 'eod.run',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Payments (the role limits of transfers and manual journals): over the maker's
  // limit, a second person; a reversal and a salary batch always.
  transfer: {
    label: 'Transfer over the maker’s limit',
    approvePermission: 'journal.approve',
    when: 'over_maker_limit',
    makerLimit: 'maxTransfer',
    expires: 'end_of_business_day',
  },
  'journal.manual': {
    label: 'Manual journal over the maker’s limit',
    approvePermission: 'journal.approve',
    when: 'over_maker_limit',
    makerLimit: 'maxManualJournal',
    expires: 'end_of_business_day',
  },
  'posting.reversal': {
    label: 'Reversal of a posting',
    approvePermission: 'journal.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'salary.batch': {
    label: 'Bulk salary batch',
    approvePermission: 'journal.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  // Teller: a cash withdrawal over the teller's limit (the teller pays once approved), a
  // vault transfer, and the sign-off of a till's count that differs from its expected cash.
  'teller.withdrawal': {
    label: 'Cash withdrawal over the teller’s limit',
    approvePermission: 'journal.approve',
    when: 'over_maker_limit',
    makerLimit: 'maxCashWithdrawal',
    expires: 'end_of_business_day',
  },
  'teller.vault': {
    label: 'Vault transfer (till buys from or sells to the vault)',
    approvePermission: 'teller.vault',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'teller.close': {
    label: 'Till count with a shortage or overage',
    approvePermission: 'teller.vault',
    when: 'always',
    expires: 'end_of_business_day',
  },
  // Compliance: a new version of a sanctions list replaces what every customer is screened against.
  'sanctions.list_import': {
    label: 'Sanctions list import',
    approvePermission: 'aml.lists.import',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // A month end's BSL returns: the preparer asks, a second person who may sign returns files them.
  // They are the whole bank's figures, so only a checker working across branches decides.
  'regulatory_return.sign_off': {
    label: 'BSL monthly returns sign-off',
    approvePermission: 'returns.approve',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Which GL accounts a return line reads: it changes every later return, so it is signed off alike.
  'return_mapping.change': {
    label: 'BSL return line mapping change',
    approvePermission: 'returns.approve',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Disbursement of an Approved loan: a second person with loan approval in the application's branch
  // confirms the money goes out (the loan account, the schedule and the journal are written then).
  'loan_application.disburse': {
    label: 'Loan disbursement',
    approvePermission: 'loans.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  // A monitoring rule decides what every customer is watched for: a second officer signs a change.
  'aml_rule.change': {
    label: 'Monitoring rule change',
    approvePermission: 'aml.rules.change',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // An STR goes to the FIU only when the MLRO, a second person, approves it (never its preparer).
  'aml.str_file': {
    label: 'Suspicious transaction report to the FIU',
    approvePermission: 'aml.str.file',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // Loan loss provisioning (ADR 0065): the rates and each run's posting change the whole bank's
  // provision, so the Head of Credit's level decides them bank-wide.
  'loan_provision.rates': {
    label: 'Loan loss provision rates change',
    approvePermission: 'loans.approve_large',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  'loan_provision.post': {
    label: 'Loan loss provisioning run posting',
    approvePermission: 'loans.approve_large',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // A write-off: the Branch Manager in the loan's branch; above the currency's limit
  // (loan_write_off_limits) the Head of Credit, bank-wide.
  'loan.write_off': {
    label: 'Loan write-off',
    approvePermission: 'loans.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'loan.write_off_large': {
    label: 'Loan write-off (Head of Credit)',
    approvePermission: 'loans.approve_large',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
  // The loan book (ADR 0067): a manual grade and a restructuring are decided in the loan's branch by
  // a second person with loan approval; the class buckets change every loan's grade, so bank-wide.
  'loan.downgrade': {
    label: 'Manual loan downgrade',
    approvePermission: 'loans.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'loan.restructure': {
    label: 'Loan restructuring or rescheduling',
    approvePermission: 'loans.approve',
    when: 'always',
    expires: 'end_of_business_day',
  },
  'loan_classes.change': {
    label: 'Loan class buckets and cure count',
    approvePermission: 'loan_products.manage',
    when: 'always',
    expires: 'end_of_business_day',
    bankWide: true,
  },
};

/**
 * Whether a checker's branch scope covers a request: with `branches.all`, every request; otherwise
 * only requests that carry the checker's home branch and are not bank-wide. The inbox, the realtime
 * feed of requests and the decision all ask this, so a checker never sees what they may not decide.
 */
export function approvalInBranchScope(
  who: { permissions: readonly string[]; isSuperuser: boolean; homeBranch: string | null },
  request: { type: string; branch: string | null },
): boolean {
  if (holds(who, 'branches.all')) return true;
  if (APPROVAL_POLICIES[request.type as ApprovalType]?.bankWide) return false;
  return request.branch !== null && request.branch === who.homeBranch;
}

/** Approval types that change a person's access: their subject may not approve them. */
export const ACCESS_APPROVAL_TYPES: readonly ApprovalType[] = ['staff.roles', 'staff.superuser'];

/**
 * For this many days after someone approved or asked for a promotion (roles or superuser rights
 * granted to another person), neither approves the other's requests: a promoter and the person they
 * just promoted are not two independent pairs of eyes.
 */
export const PROMOTER_COOLING_OFF_DAYS = 30;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_TEXT = {
  ownRequest: 'You made this request; another person must approve it.',
  notPending: (status: string) => `This request is already ${status}.`,
  subjectChanged: 'The record changed after this request was made; ask the maker to make it again.',
  overLimit: 'The amount is over the largest amount you may approve.',
  reasonRequired: 'Please give a reason for rejecting the request',
  notMaker: 'Only the person who made the request may withdraw it.',
  notFound: 'No approval request with this id.',
  subjectOfChange: 'This request changes your own access; another person must approve it.',
  promotedByYou: (days: number) =>
    `You and the maker of this request took part in promoting one another within the last ${days} days; another person must approve it.`,
  superuserOnly: 'Only another superuser may approve this request.',
} as const;

/**
 * What a request carries: `command` is what runs on approval, `before` and `after` what a checker
 * compares. Each request type has its own (the module that registered the type writes them), so
 * here they are named free-form types.
 */
export const approvalCommandSchema = z.unknown().meta({
  id: 'ApprovalCommand',
  description: 'The command that runs on approval; its shape is the request type’s.',
});
export const approvalStateSchema = z.unknown().meta({
  id: 'ApprovalState',
  description: 'The subject before, or as it will be after, the change; its shape is the request type’s.',
});

export const approvalSchema = z.object({
  id: z.string(),
  type: z.enum(APPROVAL_TYPES),
  subjectType: z.string(),
  subjectId: z.string(),
  /** The exact command that runs when the request is approved. */
  command: approvalCommandSchema,
  before: approvalStateSchema,
  after: approvalStateSchema,
  makerId: z.string(),
  makerEmail: z.string(),
  branch: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  subjectVersion: z.string().nullable(),
  businessDate: z.string(),
  createdAt: z.string(),
  /**
   * When the request was found expired; null while it can still be decided. A request lives until end
   * of day closes the business date it was made on, whenever that runs, so no time is known before.
   */
  expiresAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/**
 * GET /api/approvals. `scope=decide` (the inbox): pending requests the caller may decide, oldest
 * first; `scope=mine`: the caller's own requests; `scope=all` (auditors): everything they may read.
 */
export const approvalListQuerySchema = pageQuerySchema.extend({
  status: z.enum(APPROVAL_STATUSES).optional(),
  type: z.enum(APPROVAL_TYPES).optional(),
  branch: z.string().max(8).optional(),
  minAmount: z
    .string()
    .regex(/^\d{1,16}(\.\d{1,2})?$/)
    .optional(),
  scope: z.enum(['decide', 'mine', 'all']).default('decide'),
  /** One request (the link in a maker's confirmation), within the same scope rules. */
  id: z.uuid().optional(),
});
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>;

export const approvalCreatedSchema = z.object({ approvalId: z.string() });
export const approvalRejectSchema = z.object({
  reason: z.string().trim().min(1, APPROVAL_TEXT.reasonRequired).max(500),
});
