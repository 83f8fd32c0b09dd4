import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/**
 * Segregation of duties: pairs of duties one person must not hold together, as data. A person holds
 * a combination when their permissions, across all their live roles, include at least one of
 * `first` and one of `second`. A pattern ending in `.*` names a whole family (e.g. `aml.*`), so a
 * rule about permissions that do not exist yet applies the day they are added.
 *
 * Deliberately not toxic: tellering (`teller.cash`) with approving postings (`journal.approve`). The
 * Head Teller / Supervisor serves at the counter and is the branch's checker of its tellers' work;
 * four-eyes already stops anyone approving their own request, so the pair adds no lone power.
 */
export interface ToxicCombination {
  key: string;
  label: string;
  reason: string;
  first: readonly string[];
  second: readonly string[];
}

/** Permissions that move money or approve its movement. */
export const MONEY_PERMISSIONS = [
  'teller.cash',
  'teller.vault',
  'transfers.create',
  'journal.post',
  'journal.approve',
  'postings.reverse',
  'payments.bulk',
  'standing_orders.manage',
  'standing_orders.run',
] as const;

export const TOXIC_COMBINATIONS: readonly ToxicCombination[] = [
  {
    key: 'staff_admin_money',
    label: 'Staff administration with money movement',
    reason: 'Whoever gives people access must not also move money: they could arrange both sides of a fraud.',
    first: ['staff.manage', 'roles.manage'],
    second: MONEY_PERMISSIONS,
  },
  {
    key: 'audit_money',
    label: 'Reading the audit trail with money movement',
    reason: 'The people who review the trail must not have made the entries they review.',
    first: ['audit.read'],
    second: MONEY_PERMISSIONS,
  },
  {
    key: 'pricing_money',
    label: 'Products and pricing with money movement',
    reason: 'Whoever sets fees and rates must not post against them.',
    first: ['products.manage', 'loan_products.manage'],
    second: MONEY_PERMISSIONS,
  },
  {
    key: 'teller_onboarding',
    label: 'Tellering with approving customers or accounts',
    reason:
      'A teller who approves customers or accounts could open a fictitious account and pay it out in cash.',
    first: ['teller.cash'],
    second: ['customers.approve', 'accounts.approve'],
  },
  {
    key: 'aml_teller',
    label: 'Anti-money-laundering review with tellering',
    reason: 'The person who reviews suspicious cash must not be the one handling it.',
    first: ['aml.*'],
    second: ['teller.cash', 'teller.vault'],
  },
];

const matches = (pattern: string, permission: string) =>
  pattern.endsWith('.*') ? permission.startsWith(pattern.slice(0, -1)) : pattern === permission;

/** A flagged combination as a person holds it: the rule and the permissions on each side. */
export interface HeldCombination {
  key: string;
  label: string;
  first: string[];
  second: string[];
}

/** The toxic combinations these permissions make (empty when none). */
export function toxicCombinationsOf(permissions: readonly string[]): HeldCombination[] {
  const held = [...new Set(permissions)].sort();
  const found: HeldCombination[] = [];
  for (const rule of TOXIC_COMBINATIONS) {
    const first = held.filter((p) => rule.first.some((f) => matches(f, p)));
    const second = held.filter((p) => rule.second.some((f) => matches(f, p)));
    if (first.length && second.length) found.push({ key: rule.key, label: rule.label, first, second });
  }
  return found;
}

export const SEGREGATION_TEXT = {
  toxic: (found: readonly HeldCombination[]) =>
    'One person may not hold these together: ' +
    found.map((c) => `${c.first.join(', ')} with ${c.second.join(', ')} (${c.label})`).join('; ') +
    '.',
} as const;

/** GET /api/admin/segregation: staff holding a toxic combination, paged. */
export const segregationQuerySchema = pageQuerySchema;
export const segregationRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  isSuperuser: z.boolean(),
  roles: z.array(z.string()),
  combinations: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      first: z.array(z.string()),
      second: z.array(z.string()),
    }),
  ),
});
export type SegregationRow = z.infer<typeof segregationRowSchema>;
