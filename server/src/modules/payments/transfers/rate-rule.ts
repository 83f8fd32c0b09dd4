import { FX_TEXT, sameRate, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { LedgerError } from '../../ledger/index.ts';
import { dayRateFor } from '../../treasury/index.ts';
import { refuse } from '../accounts.ts';

export interface AppliedRate {
  /** The rate the entry records; undefined in one currency. */
  rate?: string;
  /** For the audit row and the approval's command: where the rate came from. */
  details: {
    rate: string | null;
    tableRate: string | null;
    rateKind: 'buy' | 'sell' | null;
    rateSource: 'table' | 'override' | null;
  };
}

/**
 * The rate rule (ADR "the day's rate"): across currencies a transfer uses the day's table rate —
 * the buy rate into Leones, the sell rate out of them. A caller's rate equal to it is the same
 * thing; one that differs (or one given on a day without a table rate) is an override, allowed only
 * with `treasury.rates` and recorded as such. In one currency no rate applies.
 */
export async function applyRateRule(
  db: Database,
  from: Currency,
  to: Currency,
  given: string | undefined,
  mayOverride: boolean,
): Promise<AppliedRate> {
  const day = await dayRateFor(db, from, to);
  if (!day) {
    if (given)
      throw new LedgerError(
        'currency_mismatch',
        'Both accounts are in the same currency: no exchange rate applies',
      );
    return { details: { rate: null, tableRate: null, rateKind: null, rateSource: null } };
  }
  const base = { tableRate: day.rate, rateKind: day.kind };
  const foreign = from === 'SLE' ? to : from;
  if (given === undefined || (day.rate !== null && sameRate(given, day.rate))) {
    if (day.rate === null) throw refuse('no_rate', FX_TEXT.noRate(foreign, day.businessDate));
    return { rate: day.rate, details: { ...base, rate: day.rate, rateSource: 'table' } };
  }
  if (!mayOverride) {
    throw day.rate === null
      ? refuse('no_rate', FX_TEXT.noRate(foreign, day.businessDate))
      : refuse('rate_mismatch', FX_TEXT.rateMismatch(given, day.rate), { tableRate: day.rate });
  }
  return { rate: given, details: { ...base, rate: given, rateSource: 'override' } };
}
