import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { ACCOUNT_REFUSAL_TEXT, type AccountRefusalCode, type AccountRow } from '@bankmanager/contracts';

/** A 409 with contracts' text and `details.code`, so the screen can show its own message. */
export const refuse = (code: AccountRefusalCode, extra: Record<string, unknown> = {}) =>
  conflict(ACCOUNT_REFUSAL_TEXT[code], { code, ...extra });

/**
 * The columns of contracts' accountRowSchema. `held` and `available` go through account_held(), which
 * drops expired holds (migration account_numbers_holds_guards) and costs nothing when held is 0.
 */
export const ROW_COLUMNS = sql`a.account_number as "accountNumber", c.name as "accountName", a.cust_id as "custId",
  a.product_code as "productCode", p.name as "productName", a.account_type as "accountType", a.currency, a.status,
  a.block_kind as "blockKind", a.branch_code as branch, a.opened_on::text as "openedOn", a.closed_on::text as "closedOn",
  a.balance::text as balance, account_held(a.id, a.held)::numeric(18,2)::text as held,
  a.overdraft_limit::text as "overdraftLimit", a.overdraft_expires_on::text as "overdraftExpiresOn",
  (a.balance - account_held(a.id, a.held) + case when a.overdraft_expires_on is null
     or a.overdraft_expires_on >= current_business_date() then a.overdraft_limit else 0 end)::numeric(18,2)::text as available,
  a.overdrawn_since::text as "overdrawnSince", a.maturity_date::text as "maturityDate", a.tenor_months as "tenorMonths"`;

export const ROW_FROM = sql`accounts a join customers c on c.cust_id = a.cust_id join products p on p.code = a.product_code`;

/** A row plus what the server needs and the contract does not show. */
export interface AccountFacts extends AccountRow {
  id: number;
  custType: string;
  /** Status and block kind: what an approval's optimistic check compares. */
  version: string;
}

/**
 * The account by number (already check-digit valid), optionally locked for a change; 404 if none.
 * The lock is its own statement: a read that waited for a lock sees the locked row's new version but
 * its holds (account_held) as of the statement's start, so a second hold placed behind the first
 * would be checked against a stale available balance. After the lock, the read takes a new snapshot.
 */
export async function loadAccount(db: Database, number: string, lock = false): Promise<AccountFacts> {
  if (lock) {
    const [locked] = await queryRows(
      db,
      sql`select 1 from accounts where account_number = ${number} for no key update`,
    );
    if (!locked) throw notFound(`No account with number ${number}.`);
  }
  const [r] = await queryRows<AccountFacts & Record<string, unknown>>(
    db,
    sql`select ${ROW_COLUMNS}, a.id, c.type as "custType", a.status || coalesce(':' || a.block_kind, '') as version
        from ${ROW_FROM} where a.account_number = ${number}`,
  );
  if (!r) throw notFound(`No account with number ${number}.`);
  return { ...r, id: Number(r.id), custId: Number(r.custId) };
}

/** Strips the internal fields for the response. */
export function toRow(f: AccountFacts): AccountRow {
  const { id: _id, custType: _t, version: _v, ...row } = f;
  return row;
}
