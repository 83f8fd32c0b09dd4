import { sql } from 'drizzle-orm';
import { ACCOUNT_REFUSAL_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { conflict } from '../../lib/http-error.ts';
import { LedgerError, postEntry, type EntryLine } from '../ledger/index.ts';
import { termsInForce } from '../products/index.ts';
import { settleInterestForClosing } from '../eod/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { loadAccount, refuse, type AccountFacts } from './account-row.ts';

const cents = (m: string) => BigInt(m.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));
const money = (c: bigint) => {
  const s = (c < 0n ? -c : c).toString().padStart(3, '0');
  return `${c < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};

/** The payout account as the close needs it: same customer and currency, Active, not the account. */
export async function payoutAccountFor(db: Database, a: AccountFacts, number: string): Promise<AccountFacts> {
  const p = await loadAccount(db, number).catch(() => null);
  if (!p || p.id === a.id || p.custId !== a.custId || p.currency !== a.currency || p.status !== 'Active')
    throw refuse('payout_account_invalid');
  return p;
}

/**
 * Empties the account in ONE balanced journal: first the interest end of day accrued and has not
 * posted (Dr interest payable, Cr the account net, Cr WHT payable 15%; overdraft interest Dr the
 * account, Cr interest receivable), then Dr the account what it then holds; Cr the product's fee
 * income the closure fee (at most that: a fee larger than what is left is waived, not made a debt);
 * Cr the remainder to the payout account, or to the branch's teller cash when paid in cash. An
 * overdrawn account is settled first.
 */
export async function closingJournal(
  tx: Database,
  a: AccountFacts,
  payout: AccountFacts | null,
  actor: ApprovalActor,
  approvalId: string,
): Promise<{ entryId: number | null; fee: string; paidOut: string }> {
  if (cents(a.balance) < 0n) throw refuse('transition_not_allowed', { status: a.status, overdrawn: true });
  const interest = await settleInterestForClosing(tx, a.id);
  const balance = cents(a.balance) + interest.effectCents;
  if (balance < 0n) throw refuse('transition_not_allowed', { status: a.status, overdrawn: true });
  if (balance === 0n && interest.lines.length === 0) return { entryId: null, fee: '0.00', paidOut: '0.00' };
  const [p] = await queryRows<{ fee_income_gl: string }>(
    tx,
    sql`select fee_income_gl from products where code = ${a.productCode}`,
  );
  const terms = await termsInForce(tx, a.productCode, await currentBusinessDate(tx));
  const fullFee = cents(terms?.closureFee ?? '0.00');
  const fee = fullFee < balance ? fullFee : balance;
  const rest = balance - fee;
  const lines: EntryLine[] = [...interest.lines];
  if (balance > 0n) lines.push({ accountId: a.id, side: 'debit', amount: money(balance) });
  if (fee > 0n)
    lines.push({ glCode: p!.fee_income_gl, currency: a.currency, side: 'credit', amount: money(fee) });
  if (rest > 0n)
    lines.push(
      payout
        ? {
            accountId: payout.id,
            side: 'credit',
            amount: money(rest),
            description: `Closure of ${a.accountNumber}`,
          }
        : { glCode: `1020-${a.branch}`, currency: a.currency, side: 'credit', amount: money(rest) },
    );
  try {
    const e = await postEntry(tx, {
      source: 'system',
      narration: `Closure of account ${a.accountNumber}`,
      reference: `CLOSE-${approvalId}`.slice(0, 40),
      lines,
      actor,
      audit: {
        action: 'account.close_journal',
        targetType: 'account',
        targetId: a.accountNumber,
        details: {
          approvalId,
          fee: money(fee),
          paidOut: money(rest),
          payout: payout?.accountNumber ?? 'cash',
          interestLines: interest.lines.length,
        },
      },
    });
    await interest.record(e.id);
    return { entryId: e.id, fee: money(fee), paidOut: money(rest) };
  } catch (err) {
    if (err instanceof LedgerError) {
      const text = (ACCOUNT_REFUSAL_TEXT as Record<string, string>)[err.code] ?? err.message;
      throw conflict(text, { code: err.code });
    }
    throw err;
  }
}
