import { sql } from 'drizzle-orm';
import type { Currency, TransferRequest } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { LedgerError } from './ledger-error.ts';
import { convert, fromCents, MAX_CENTS, toCents } from './money.ts';
import type { EntryInput, EntryLine } from './post-entry.ts';

/** The FX position account every cross-currency movement passes through. */
export const FX_POSITION_GL = '1810';

/** A transfer's account as the entry needs it (a caller that has looked it up already passes it in). */
export interface TransferAccount {
  id: number;
  number: string;
  currency: Currency;
}

/** Both accounts in one round trip, the payer first. */
async function findPair(db: Database, from: string, to: string): Promise<[TransferAccount, TransferAccount]> {
  const rows = await preparedRows<{ id: string; n: string; currency: Currency }>(
    db,
    sql`select id, account_number as n, currency from accounts where account_number in (${from}, ${to})`,
  );
  const find = (number: string): TransferAccount => {
    const r = rows.find((x) => x.n === number);
    if (!r) throw new LedgerError('account_not_found', `Account ${number} does not exist`);
    return { id: Number(r.id), number, currency: r.currency };
  };
  return [find(from), find(to)];
}

/**
 * The entry of a transfer between two customer accounts. Same currency: debit one, credit the other.
 * Across currencies, each currency balances on its own through 1810 Foreign exchange position: the
 * debited amount goes into the position in its currency, the converted amount comes out of it in the
 * other, at the recorded rate (SLE per 1 USD).
 */
export async function transferEntry(
  db: Database,
  req: TransferRequest,
  actor: EntryInput['actor'],
  /** More for the audit row (e.g. where the rate came from, who approved). */
  auditDetails: Record<string, unknown> = {},
  /** The two accounts, when the caller has read them already (they must be the request's). */
  known?: { from: TransferAccount; to: TransferAccount },
): Promise<EntryInput & { reference: string }> {
  const [from, to] =
    known && known.from.number === req.from_account && known.to.number === req.to_account
      ? [known.from, known.to]
      : await findPair(db, req.from_account, req.to_account);
  const cross = from.currency !== to.currency;
  if (cross && !req.rate) {
    throw new LedgerError('currency_mismatch', `${from.currency} to ${to.currency} needs an exchange rate`);
  }
  if (!cross && req.rate) {
    throw new LedgerError(
      'currency_mismatch',
      'Both accounts are in the same currency: no exchange rate applies',
    );
  }
  const lines: EntryLine[] = [{ accountId: from.id, side: 'debit', amount: req.amount }];
  if (cross) {
    const credited = convert(toCents(req.amount), req.rate!, from.currency, to.currency);
    if (credited <= 0n || credited > MAX_CENTS) {
      throw new LedgerError('invalid_amount', 'At this rate the credited amount is zero or too large');
    }
    const amount = fromCents(credited);
    lines.push(
      { glCode: FX_POSITION_GL, currency: from.currency, side: 'credit', amount: req.amount },
      { glCode: FX_POSITION_GL, currency: to.currency, side: 'debit', amount },
      { accountId: to.id, side: 'credit', amount },
    );
  } else {
    lines.push({ accountId: to.id, side: 'credit', amount: req.amount });
  }
  return { ...transferEntryWithout(req, actor, auditDetails), fxRate: cross ? req.rate : undefined, lines };
}

/** A transfer's entry but for its lines and rate: what the request alone says (the accounts by number). */
export function transferEntryWithout(
  req: TransferRequest,
  actor: EntryInput['actor'],
  auditDetails: Record<string, unknown>,
): Omit<EntryInput, 'lines' | 'fxRate'> & { reference: string } {
  return {
    source: 'transfer',
    narration: req.narration,
    reference: req.reference,
    valueDate: req.value_date,
    actor,
    audit: {
      action: 'ledger.transfer',
      targetType: 'account',
      targetId: req.from_account,
      details: {
        from: req.from_account,
        to: req.to_account,
        amount: req.amount,
        rate: req.rate ?? null,
        ...auditDetails,
      },
    },
  };
}
