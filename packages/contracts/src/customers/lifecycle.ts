import { askTo } from '../approval-display.ts';
import type { Permission } from '../permissions.ts';
import type { CustomerStatus } from '../banking.ts';

/**
 * The customer state machine (docs/customers.md). The server refuses any action whose `from` does not hold
 * the customer's status, writes the audit row with the reason, and routes four-eyes actions through
 * the approvals engine (the maker's request waits for a checker with `permission`).
 */
export const CUSTOMER_ACTIONS = {
  /** Pending → Active: a checker confirms complete KYC. */
  activate: { from: ['Pending'], to: 'Active', permission: 'customers.approve', fourEyes: true },
  /** A compliance hold. */
  block: { from: ['Active', 'Dormant'], to: 'Blocked', permission: 'customers.approve', fourEyes: false },
  unblock: { from: ['Blocked'], to: 'Active', permission: 'customers.approve', fourEyes: true },
  /** Set by end of day after the configured period without customer-initiated activity. */
  mark_dormant: { from: ['Active'], to: 'Dormant', permission: 'eod.run', fourEyes: false },
  reactivate: { from: ['Dormant'], to: 'Active', permission: 'customers.create', fourEyes: false },
  /** Only when the customer has no open account. */
  close: {
    from: ['Pending', 'Active', 'Dormant', 'Blocked'],
    to: 'Closed',
    permission: 'customers.approve',
    fourEyes: true,
  },
} as const satisfies Record<
  string,
  { from: readonly CustomerStatus[]; to: CustomerStatus; permission: Permission; fourEyes: boolean }
>;
export type CustomerAction = keyof typeof CUSTOMER_ACTIONS;
export const CUSTOMER_ACTION_LIST = Object.keys(CUSTOMER_ACTIONS) as [CustomerAction, ...CustomerAction[]];

export const CUSTOMER_ACTION_LABELS: Record<CustomerAction, string> = {
  // The action as a checker reads it; the maker's button asks (`askTo`: "Ask to activate").
  activate: 'Activate',
  block: 'Block (compliance hold)',
  unblock: 'Lift the block',
  mark_dormant: 'Mark dormant',
  reactivate: 'Reactivate',
  close: 'Close the customer',
};

/** The maker's button: a four-eyes action only asks ("Ask to activate", not "Approve and activate"). */
export const customerActionButtonLabel = (a: CustomerAction): string =>
  CUSTOMER_ACTIONS[a].fourEyes ? askTo(CUSTOMER_ACTION_LABELS[a]) : CUSTOMER_ACTION_LABELS[a];

/** The actions a customer in `status` allows, in menu order. */
export const actionsFrom = (status: CustomerStatus): CustomerAction[] =>
  CUSTOMER_ACTION_LIST.filter((a) => (CUSTOMER_ACTIONS[a].from as readonly string[]).includes(status));

/**
 * Fields whose change is a KYC edit: four-eyes, because a changed name, ID or date of birth is how an
 * insider would swap a customer's identity.
 */
export const KYC_FIELDS = [
  'title',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'idType',
  'idNumber',
  'idIssuedOn',
  'idExpiresOn',
  'pep',
  'registeredName',
  'registrationNumber',
  'tin',
] as const;
