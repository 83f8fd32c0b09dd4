import { sql } from 'drizzle-orm';
import { ACCOUNT_REFUSAL_TEXT, type AccountStatus, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

export interface CashAccount {
  id: number;
  number: string;
  name: string;
  /** The holder: their photo and specimen signature are the customer's documents. */
  custId: number;
  currency: Currency;
  branch: string;
  status: AccountStatus;
  blockKind: 'debit' | 'total' | null;
  /** balance − active holds + an unexpired overdraft limit (what the posting trigger checks). */
  available: string;
}

/** The account at the counter, by its (check-digit valid) number; 404 when there is none. */
export async function cashAccount(db: Database, number: string): Promise<CashAccount> {
  const [r] = await queryRows<Omit<CashAccount, 'id'> & { id: string }>(
    db,
    sql`select a.id, a.account_number as number, c.name, a.cust_id as "custId", a.currency, a.branch_code as branch, a.status,
               a.block_kind as "blockKind",
               (a.balance - account_held(a.id, a.held) + case when a.overdraft_expires_on is null
                  or a.overdraft_expires_on >= current_business_date() then a.overdraft_limit else 0 end
               )::numeric(18,2)::text as available
        from accounts a join customers c on c.cust_id = a.cust_id where a.account_number = ${number}`,
  );
  if (!r) throw notFound(`No account with number ${number}.`);
  return { ...r, id: Number(r.id) };
}

/**
 * Whether a debit may be asked for at all, before a withdrawal waits for approval: the same rules as
 * the posting trigger (which checks again when the cash is paid), with the ledger's codes.
 */
export function assertDebitable(a: CashAccount): void {
  const ledger = (code: keyof typeof ACCOUNT_REFUSAL_TEXT) => conflict(ACCOUNT_REFUSAL_TEXT[code], { code });
  if (a.status === 'Closed')
    throw conflict('Posting refused: the account is closed', { code: 'account_closed' });
  if (a.status === 'Submitted' || a.status === 'Approved' || a.status === 'Rejected')
    throw ledger('account_not_active');
  if (a.status === 'Blocked') throw ledger(a.blockKind === 'total' ? 'account_blocked' : 'debit_blocked');
}
