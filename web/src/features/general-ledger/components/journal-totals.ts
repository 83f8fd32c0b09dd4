import { fromCents, toCents } from '@bankmanager/contracts';

/** A line of the manual journal form as typed: amounts are text until posted. */
export interface DraftLine {
  key: number;
  gl_code: string;
  side: 'debit' | 'credit';
  amount: string;
  currency: 'SLE' | 'USD';
}

export interface DraftTotals {
  currency: 'SLE' | 'USD';
  debit: string;
  credit: string;
  balanced: boolean;
}

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** Cents of a typed amount (exact: no floats), or null when it is not a valid positive amount. */
export function typedCents(amount: string): bigint | null {
  const t = amount.trim();
  if (!AMOUNT.test(t)) return null;
  const cents = toCents(t);
  return cents > 0n ? cents : null;
}

/**
 * Debit and credit totals per currency of the lines whose amount is valid, and whether the entry can
 * be posted: at least two lines, every line complete and valid, each currency's debits = its credits.
 */
export function journalTotals(lines: DraftLine[]): { totals: DraftTotals[]; postable: boolean } {
  const sums = new Map<'SLE' | 'USD', { debit: bigint; credit: bigint }>();
  let allValid = lines.length >= 2;
  for (const l of lines) {
    const c = typedCents(l.amount);
    if (c === null || l.gl_code.trim() === '') allValid = false;
    if (c === null) continue;
    const s = sums.get(l.currency) ?? { debit: 0n, credit: 0n };
    s[l.side] += c;
    sums.set(l.currency, s);
  }
  const totals = [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({
      currency,
      debit: fromCents(s.debit),
      credit: fromCents(s.credit),
      balanced: s.debit === s.credit,
    }));
  return { totals, postable: allValid && totals.length > 0 && totals.every((t) => t.balanced) };
}
