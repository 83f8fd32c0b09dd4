import type { AccountListParams } from '../api/get-accounts';

export type AccountKind = 'current' | 'savings' | 'deposit';
export const ACCOUNT_KIND_TYPES = {
  current: 'Current',
  savings: 'Savings',
  deposit: 'Fixed Deposit',
} as const;

/** Extra columns a list screen shows beyond number, holder, product, status and balance. */
export type ListColumn = 'available' | 'overdraft' | 'overdrawn' | 'interest' | 'maturity' | 'closed';

export interface ListScreen {
  kind: AccountKind;
  title: string;
  /** Fixed filters of the screen: the user cannot change these. */
  fixed: AccountListParams;
  columns: ListColumn[];
  /** Managers open accounts and act on them; the other lists only show. */
  canOpen: boolean;
  defaultSort?: string;
  note?: string;
}

const TITLES = { current: 'Current Accounts', savings: 'Savings Accounts', deposit: 'Fixed Deposits' };

/** The list screens of the Account menu, by path: one list component configured per screen. */
export function listScreenFor(pathname: string): ListScreen | null {
  const [, root, k, screen] = pathname.split('/');
  if (root !== 'accounts' || !(k === 'current' || k === 'savings' || k === 'deposit')) return null;
  const kind: AccountKind = k;
  const type = ACCOUNT_KIND_TYPES[kind];
  const base: Pick<ListScreen, 'kind' | 'fixed' | 'canOpen'> = { kind, fixed: { type }, canOpen: false };
  switch (screen) {
    case 'manager':
      return { ...base, title: `${TITLES[kind]}: Manager`, columns: ['available'], canOpen: true };
    case 'closed':
      return {
        ...base,
        title: `Closed ${TITLES[kind]}`,
        fixed: { type, status: 'Closed' },
        columns: ['closed'],
      };
    case 'od-schedule':
      return {
        ...base,
        title: 'Overdraft Schedule',
        fixed: { type, overdrawn: 'true' },
        columns: ['overdraft', 'overdrawn'],
      };
    case 'interest':
      return {
        ...base,
        title: `${TITLES[kind]}: Interest`,
        columns: ['interest'],
        note: 'Accrued to date: interest end of day accrues each business day and has not posted yet (it posts at the month or quarter end).',
      };
    case 'admin':
      return kind === 'deposit'
        ? { ...base, title: 'Deposit Administration', columns: ['maturity'], defaultSort: 'maturity' }
        : null;
    default:
      return null;
  }
}
