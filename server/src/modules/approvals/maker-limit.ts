import {
  APPROVAL_POLICIES,
  compareAmounts,
  type ApprovalType,
  type LimitKind,
  type PerTransactionLimitKind,
  type RoleLimit,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';

/**
 * Where the engine reads a person's limits. The roles module owns them (roles, their limits, the
 * day's totals); the app hands its readers in when it builds the engine, so this module, which every
 * module uses, does not import roles, which uses it.
 */
export interface LimitSource {
  limitsOf(db: Database, userId: string): Promise<RoleLimit[]>;
  /** Whether `amount` more keeps the business day's totals of the maker and of the account within their daily limits. */
  withinDailyLimits(
    db: Database,
    limits: RoleLimit[],
    q: {
      makerId: string;
      kind: PerTransactionLimitKind;
      currency: string;
      accountNumber: string;
      amount: string;
    },
  ): Promise<boolean>;
  /** The same, on the day's totals the caller has read already. */
  withinDailyTotals(
    limits: RoleLimit[],
    q: {
      makerId: string;
      kind: PerTransactionLimitKind;
      currency: string;
      accountNumber: string;
      amount: string;
    },
    totals: { maker: string; account: string },
  ): boolean;
}

/** Whether `amount` (a decimal string) is within the limit of `kind` in `currency` (`null`: never). */
export function withinLimit(limits: RoleLimit[], currency: string, kind: LimitKind, amount: string): boolean {
  const limit = limits.find((l) => l.currency === currency)?.[kind];
  if (limit === undefined || limit === null) return false;
  return compareAmounts(amount, limit) <= 0;
}

/** The maker's limit a request type is measured against (its policy's `makerLimit`), if any. */
function makerLimitOf(type: ApprovalType): PerTransactionLimitKind | undefined {
  const policy = APPROVAL_POLICIES[type];
  if (policy.when !== 'over_maker_limit') return undefined;
  if (!policy.makerLimit) throw new Error(`The policy of ${type} names no maker limit`);
  return policy.makerLimit;
}

/**
 * Whether one amount of a request type is over the maker's own limit, by the type's policy in the
 * contracts: a type that always takes a checker is always over; one measured against a maker limit
 * is over when the amount exceeds that limit in its currency.
 */
export function overMakerLimit(
  type: ApprovalType,
  limits: RoleLimit[],
  currency: string,
  amount: string,
): boolean {
  const kind = makerLimitOf(type);
  return kind === undefined || !withinLimit(limits, currency, kind, amount);
}

export interface CheckerQuestion {
  type: ApprovalType;
  makerId: string;
  currency: string;
  amount: string;
  /** The customer account the amount leaves: its and the maker's totals for the day count too. */
  debitedAccount?: string;
  /** The maker's limits when the caller already read them (e.g. folded into its own statement). */
  limits?: RoleLimit[];
  /** The day's totals of the maker and the debited account, when the caller already read them too. */
  dailyTotals?: { maker: string; account: string };
}

/**
 * Whether the maker's request needs a second person: over their per-transaction limit of the type's
 * kind or, for money leaving a customer account, over the day's totals of the maker or the account.
 */
export async function needsChecker(db: Database, source: LimitSource, q: CheckerQuestion): Promise<boolean> {
  const kind = makerLimitOf(q.type);
  if (kind === undefined) return true;
  const limits = q.limits ?? (await source.limitsOf(db, q.makerId));
  if (!withinLimit(limits, q.currency, kind, q.amount)) return true;
  if (q.debitedAccount === undefined) return false;
  const daily = {
    makerId: q.makerId,
    kind,
    currency: q.currency,
    accountNumber: q.debitedAccount,
    amount: q.amount,
  };
  if (q.dailyTotals) return !source.withinDailyTotals(limits, daily, q.dailyTotals);
  return !(await source.withinDailyLimits(db, limits, daily));
}
