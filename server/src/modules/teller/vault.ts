import { sql } from 'drizzle-orm';
import type { Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** A branch's vault (GL 1010-<branch>) and teller cash (GL 1020-<branch>): ADR teller-tills-and-vaults. */
export const vaultGl = (branch: string) => `1010-${branch}`;
export const tellerCashGl = (branch: string) => `1020-${branch}`;

/** The vault's balance in a currency, debit-positive, from its lines. */
export async function vaultBalance(db: Database, branch: string, currency: Currency): Promise<string> {
  const [r] = await queryRows<{ b: string }>(
    db,
    sql`select coalesce(sum(case side when 'debit' then amount else -amount end), 0)::numeric(18,2)::text as b
        from gl_lines where gl_code = ${vaultGl(branch)} and currency = ${currency}`,
  );
  return r!.b;
}

/**
 * Locks the vault for the rest of the transaction and returns its balance, so two tills taking cash
 * from one vault at once cannot both be given the last notes. The GL account row is locked `for no
 * key update`, which postings' foreign-key checks on it do not wait for.
 */
export async function lockedVaultBalance(db: Database, branch: string, currency: Currency): Promise<string> {
  await db.execute(sql`select 1 from gl_accounts where code = ${vaultGl(branch)} for no key update`);
  return vaultBalance(db, branch, currency);
}
