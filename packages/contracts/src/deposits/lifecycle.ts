import { askTo } from '../approval-display.ts';
import type { Permission } from '../permissions.ts';
import type { AccountStatus } from '../banking.ts';

/**
 * The account state machine (docs/deposits.md). Opening is a request: POST /api/accounts makes a Submitted
 * account and an `account.open` approval; the checker's approval moves it to Approved (rejection,
 * withdrawal or expiry to Rejected), and `activate` makes it Active, ready for its first deposit.
 * The server refuses any action whose `from` does not hold the account's status, writes the audit row
 * with the reason, and sends four-eyes actions through the approvals engine.
 */
export const ACCOUNT_ACTIONS = {
  activate: { from: ['Approved'], to: 'Active', permission: 'accounts.open', fourEyes: false },
  /** Credits still post; debits are refused (e.g. a dispute or a garnishee order). */
  block_debit: {
    from: ['Active', 'Dormant'],
    to: 'Blocked',
    permission: 'accounts.block',
    fourEyes: false,
  },
  /** Nothing posts (e.g. a court order or suspected fraud). Also tightens a debit block. */
  block_total: {
    from: ['Active', 'Dormant', 'Blocked'],
    to: 'Blocked',
    permission: 'accounts.block',
    fourEyes: false,
  },
  /** Lifting a block is four-eyes: an insider could otherwise free a frozen account alone. */
  unblock: { from: ['Blocked'], to: 'Active', permission: 'accounts.approve', fourEyes: true },
  /** Set by end of day after the product's dormancy period without customer-initiated activity. */
  mark_dormant: { from: ['Active'], to: 'Dormant', permission: 'eod.run', fourEyes: false },
  /**
   * Four-eyes: a Dormant account refuses debits (see canPost), and reactivating it alone would let an
   * insider withdraw from an account no customer is watching.
   */
  reactivate: { from: ['Dormant'], to: 'Active', permission: 'accounts.approve', fourEyes: true },
  /** Needs no holds and no pending approvals; pays out and leaves a zero balance in one journal. */
  close: { from: ['Active', 'Dormant'], to: 'Closed', permission: 'accounts.approve', fourEyes: true },
} as const satisfies Record<
  string,
  { from: readonly AccountStatus[]; to: AccountStatus; permission: Permission; fourEyes: boolean }
>;
export type AccountAction = keyof typeof ACCOUNT_ACTIONS;
export const ACCOUNT_ACTION_LIST = Object.keys(ACCOUNT_ACTIONS) as [AccountAction, ...AccountAction[]];

/** What the approvals engine does to a Submitted account when the `account.open` request ends. */
export const ACCOUNT_OPENING_OUTCOMES = {
  approved: { from: 'Submitted', to: 'Approved' },
  rejected: { from: 'Submitted', to: 'Rejected' },
} as const satisfies Record<string, { from: AccountStatus; to: AccountStatus }>;

export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  activate: 'Activate',
  block_debit: 'Block debits',
  block_total: 'Block all postings',
  unblock: 'Lift the block',
  mark_dormant: 'Mark dormant',
  reactivate: 'Reactivate',
  close: 'Close the account',
};

/** The maker's button: a four-eyes action only asks ("Ask to lift the block"). */
export const accountActionButtonLabel = (a: AccountAction): string =>
  ACCOUNT_ACTIONS[a].fourEyes ? askTo(ACCOUNT_ACTION_LABELS[a]) : ACCOUNT_ACTION_LABELS[a];

/** A Blocked account's kind of block; null for every other status. */
export const BLOCK_KINDS = ['debit', 'total'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The account's opening day and the business date, for the actions that depend on its age. */
export interface AccountDates {
  openedOn: string | null;
  businessDate: string;
}

/**
 * The actions an account in `status` allows, in menu order (a total block cannot be tightened). Given
 * the dates, an account opened on the business date is not offered "Mark dormant": it has had no time
 * to fall quiet, and the server refuses it the same way.
 */
export const accountActionsFrom = (
  status: AccountStatus,
  blockKind: BlockKind | null = null,
  dates?: AccountDates,
): AccountAction[] =>
  ACCOUNT_ACTION_LIST.filter(
    (a) =>
      (ACCOUNT_ACTIONS[a].from as readonly string[]).includes(status) &&
      !(a === 'block_total' && status === 'Blocked' && blockKind === 'total') &&
      !(a === 'mark_dormant' && dates?.openedOn != null && dates.openedOn >= dates.businessDate),
  );

/**
 * Statuses in which a posting of each direction is allowed (the database triggers say the same). A
 * Dormant account takes credits (money a customer is owed still arrives) but no debit made by staff;
 * end of day's own postings are the exception (DORMANT_DEBIT_SOURCES).
 */
export const canPost = (status: AccountStatus, blockKind: BlockKind | null, side: 'debit' | 'credit') =>
  status === 'Active' ||
  (status === 'Dormant' && side === 'credit') ||
  (status === 'Blocked' && blockKind === 'debit' && side === 'credit');

/**
 * The journal sources that may still debit a Dormant account: the bank's own end-of-day charges and
 * taxes, and history loaded by seeds and migrations. Every staff-made posting (teller, transfer,
 * account posting, reversal) is refused with debit_blocked (trigger transactions_dormant_debit).
 */
export const DORMANT_DEBIT_SOURCES = ['end_of_day', 'system', 'migration', 'seed'] as const;
