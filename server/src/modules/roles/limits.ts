import { sql, type SQL } from 'drizzle-orm';
import { CURRENCIES, type LimitKind, type RoleLimit } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The caller's limits: per currency, the most generous of their live roles' limits (`null` = none).
 * A currency none of their roles mentions allows nothing ("0.00"). Superusers have no limits; they
 * are bound by four-eyes only in that nobody approves their own request.
 */
export async function limitsOf(db: Database, userId: string, isSuperuser: boolean): Promise<RoleLimit[]> {
  if (isSuperuser) return limitsFromRows([], true);
  return limitsFromRows(await queryRows<LimitRow>(db, limitRowsSql(userId)), false);
}

/** One row per currency that a live role of the user limits (see limitsOf); a route may fold it into its own statement. */
export function limitRowsSql(userId: string): SQL {
  // max() ignores nulls, so "any role without a limit" is tested separately with bool_or.
  const col = (c: string) =>
    sql.raw(`case when bool_or(l.${c} is null) then null else max(l.${c})::text end as "${c}"`);
  return sql`select l.currency,
               ${col('max_cash_withdrawal')}, ${col('max_transfer')}, ${col('max_manual_journal')}, ${col('max_approval')}
        from staff_roles sr
        join roles r on r.id = sr.role_id and r.retired_at is null
        join role_limits l on l.role_id = sr.role_id
        where sr.user_id = ${userId}
        group by l.currency`;
}

export type LimitRow = Record<string, string | null>;

/** The rows of limitRowsSql as limits per currency (superusers: none). */
export function limitsFromRows(rows: LimitRow[], isSuperuser: boolean): RoleLimit[] {
  return CURRENCIES.map((currency) => {
    if (isSuperuser)
      return {
        currency,
        maxCashWithdrawal: null,
        maxTransfer: null,
        maxManualJournal: null,
        maxApproval: null,
      };
    const r = rows.find((x) => x.currency === currency);
    const v = (c: string) => (r ? (r[c] ?? null) : '0.00');
    return {
      currency,
      maxCashWithdrawal: v('max_cash_withdrawal'),
      maxTransfer: v('max_transfer'),
      maxManualJournal: v('max_manual_journal'),
      maxApproval: v('max_approval'),
    };
  });
}

/** Whether `amount` (a decimal string) is within the limit of `kind` in `currency`. */
export function withinLimit(limits: RoleLimit[], currency: string, kind: LimitKind, amount: string): boolean {
  const limit = limits.find((l) => l.currency === currency)?.[kind];
  if (limit === undefined) return false;
  return limit === null || compareDecimal(amount, limit) <= 0;
}

/** Compares two non-negative decimal strings exactly (no floats touch money). */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const x = BigInt((ai ?? '0') + af.padEnd(scale, '0'));
  const y = BigInt((bi ?? '0') + bf.padEnd(scale, '0'));
  return x === y ? 0 : x < y ? -1 : 1;
}
