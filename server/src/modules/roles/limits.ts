import { sql, type SQL } from 'drizzle-orm';
import { CURRENCIES, LIMIT_KINDS, type LimitKind, type RoleLimit } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const column = (kind: LimitKind) => kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The caller's limits: per currency, the most generous of their live roles' limits. `null` grants
 * nothing, and a currency none of their roles mentions allows nothing ("0.00"). Superusers are no
 * exception: they hold the limits of their roles, so a superuser alone cannot move money unseen.
 */
export async function limitsOf(db: Database, userId: string): Promise<RoleLimit[]> {
  return limitsFromRows(await queryRows<LimitRow>(db, limitRowsSql(userId)));
}

/** One row per currency that a live role of the user limits (see limitsOf); a route may fold it into its own statement. */
export function limitRowsSql(userId: string): SQL {
  // max() ignores nulls: a role that grants nothing of a kind does not lower another role's limit.
  const cols = LIMIT_KINDS.map((k) => `max(l.${column(k)})::text as "${column(k)}"`).join(', ');
  return sql`select l.currency, ${sql.raw(cols)}
        from staff_roles sr
        join roles r on r.id = sr.role_id and r.retired_at is null
        join role_limits l on l.role_id = sr.role_id
        where sr.user_id = ${userId}
        group by l.currency`;
}

export type LimitRow = Record<string, string | null>;

/** The rows of limitRowsSql as limits per currency. */
export function limitsFromRows(rows: LimitRow[]): RoleLimit[] {
  return CURRENCIES.map((currency) => {
    const r = rows.find((x) => x.currency === currency);
    const limit = Object.fromEntries(
      LIMIT_KINDS.map((k) => [k, r ? (r[column(k)] ?? null) : '0.00']),
    ) as Record<LimitKind, string | null>;
    return { currency, ...limit };
  });
}
