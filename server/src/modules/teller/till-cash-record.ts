import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { OpenTill } from './till-of.ts';

/**
 * Cash another module took into or paid out of the caller's till and posted itself (a loan repayment
 * or a loan disbursement at the counter: the loans module's one journal). Its row here puts it where every other cash movement of
 * the till is: the session's journal and tallies, the CTR flag and the day's CTR aggregation, the
 * receipt. Nothing is posted here: the entry is the caller's.
 */
export interface TillCashRecord {
  till: OpenTill;
  kind: 'loan_repayment' | 'loan_disbursement';
  /** The customer's identity was checked at the counter (required for cash out). */
  identityConfirmed?: boolean;
  /** Unique among the till's transactions: the caller's journal reference. */
  reference: string;
  teller: { id: string; email: string };
  accountId: number;
  amount: string;
  partyName: string;
  partyIdNumber: string;
  narration: string;
  entryId: number;
  ctrThreshold: Record<'SLE' | 'USD', string>;
}

/** Records the posted cash on the till (same transaction as its entry); the account names the customer. */
export async function recordTillCash(tx: Database, r: TillCashRecord): Promise<void> {
  const threshold = r.till.currency === 'USD' ? r.ctrThreshold.USD : r.ctrThreshold.SLE;
  await tx.execute(
    sql`insert into teller_transactions (reference, kind, status, session_id, branch_code, teller_id, teller_email,
          account_id, account_number, account_name, currency, amount, party_name, party_id_number, narration,
          signature_confirmed, ctr_flag, entry_id, business_date, posted_at)
        select ${r.reference}, ${r.kind}, 'posted', ${r.till.sessionId}::uuid, ${r.till.branch}, ${r.teller.id}::uuid,
          ${r.teller.email}, a.id, a.account_number, c.name, ${r.till.currency}, ${r.amount}::numeric(18,2),
          ${r.partyName}, ${r.partyIdNumber}, ${r.narration}, ${r.identityConfirmed === true},
          ${r.amount}::numeric >= ${threshold}::numeric,
          ${r.entryId}, current_business_date(), now()
        from accounts a join customers c on c.cust_id = a.cust_id where a.id = ${r.accountId}`,
  );
}
