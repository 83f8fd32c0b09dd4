import { sql } from 'drizzle-orm';
import { OVERDRAFT_INTEREST_GL, WHT_RATE, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { EntryLine } from '../ledger/index.ts';

/** Interest accrued and not yet posted on an account, in cents as the GL holds it ("0.00" if none). */
export async function accruedInterestOf(db: Database, accountId: number): Promise<string> {
  const [r] = await queryRows<{ booked: string }>(
    db,
    sql`select credit_booked::text as booked from account_interest where account_id = ${accountId}`,
  );
  return r?.booked ?? '0.00';
}

export interface ClosingInterest {
  /** Lines for the closing journal: the accrued interest posted to the account before it empties. */
  lines: EntryLine[];
  /** What those lines add to (credit interest, net of WHT) or take from (overdraft interest) the balance. */
  effectCents: bigint;
  /** Call in the same transaction once the closing journal posted: settles the accrual, records the posting. */
  record(entryId: number): Promise<void>;
}

const toCents = (m: string) => BigInt(m.replace('.', ''));
const money = (c: bigint) => {
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

/**
 * The accrued interest a closing account is owed or owes, as journal lines (the seam of
 * deposit-accounts' close.ts): credit interest — Dr interest payable gross, Cr the account net, Cr WHT
 * payable 15%; overdraft interest — Dr the account, Cr interest receivable. The sub-cent remainder
 * still accrued is dropped with the account (docs/end-of-day.md, rounding).
 */
export async function settleInterestForClosing(tx: Database, accountId: number): Promise<ClosingInterest> {
  const [r] = await queryRows<{
    credit: string;
    wht: string;
    debit: string;
    currency: Currency;
    payable: string;
    wht_gl: string;
    product: string;
    branch: string;
  }>(
    tx,
    sql`select i.credit_booked::text as credit, round(greatest(i.credit_booked, 0) * ${WHT_RATE}::numeric, 2)::text as wht,
               i.debit_booked::text as debit, a.currency, p.interest_payable_gl as payable, p.wht_payable_gl as wht_gl,
               a.product_code as product, a.branch_code as branch
          from account_interest i join accounts a on a.id = i.account_id join products p on p.code = a.product_code
         where i.account_id = ${accountId} for update of i`,
  );
  const none: ClosingInterest = { lines: [], effectCents: 0n, record: async () => {} };
  if (!r) return none;
  const gross = toCents(r.credit) > 0n ? toCents(r.credit) : 0n;
  const wht = toCents(r.wht);
  const owed = toCents(r.debit) > 0n ? toCents(r.debit) : 0n;
  const lines: EntryLine[] = [];
  if (gross > 0n) {
    lines.push({ glCode: r.payable, currency: r.currency, side: 'debit', amount: money(gross) });
    if (wht > 0n) lines.push({ glCode: r.wht_gl, currency: r.currency, side: 'credit', amount: money(wht) });
    lines.push({
      accountId,
      side: 'credit',
      amount: money(gross - wht),
      description: 'Interest to closing (net of 15% WHT)',
    });
  }
  if (owed > 0n) {
    lines.push({
      accountId,
      side: 'debit',
      amount: money(owed),
      description: 'Overdraft interest to closing',
    });
    lines.push({
      glCode: OVERDRAFT_INTEREST_GL.receivable,
      currency: r.currency,
      side: 'credit',
      amount: money(owed),
    });
  }
  return {
    lines,
    effectCents: gross - wht - owed,
    async record(entryId) {
      await tx.execute(sql`update account_interest set credit_accrued = 0, credit_booked = 0, debit_accrued = 0, debit_booked = 0
                           where account_id = ${accountId}`);
      const rows = [
        ...(gross > 0n ? [['credit', money(gross), money(wht), money(gross - wht)]] : []),
        ...(owed > 0n ? [['debit', money(owed), '0.00', money(owed)]] : []),
      ];
      for (const [kind, g, w, n] of rows)
        await tx.execute(sql`
          insert into interest_postings (business_date, kind, account_id, product_code, branch_code, currency, gross, wht, net, entry_id, reason)
          values (current_business_date(), ${kind}, ${accountId}, ${r.product}, ${r.branch}, ${r.currency}, ${g}::numeric, ${w}::numeric,
                  ${n}::numeric, ${entryId}, 'closing')
          on conflict (business_date, kind, account_id) do update
            set gross = interest_postings.gross + excluded.gross, wht = interest_postings.wht + excluded.wht,
                net = interest_postings.net + excluded.net`);
    },
  };
}
