import { sql } from 'drizzle-orm';
import {
  rateKindFor,
  type Currency,
  type ExchangeRate,
  type ExchangeRateInput,
  type ExchangeRateListQuery,
  type ForeignCurrency,
  type Page,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { pageWindow } from '../../lib/paging.ts';

interface RateRow extends Record<string, unknown> {
  currency: ForeignCurrency;
  business_date: string;
  buy: string;
  sell: string;
  mid: string;
  entered_by_email: string | null;
  entered_at: string | Date;
}

const columns = sql`currency, business_date::text as business_date, buy::text as buy, sell::text as sell,
  mid::text as mid, entered_by_email, entered_at`;

const toRate = (r: RateRow): ExchangeRate => ({
  currency: r.currency,
  business_date: r.business_date,
  buy: r.buy,
  sell: r.sell,
  mid: r.mid,
  entered_by: r.entered_by_email,
  entered_at: new Date(r.entered_at).toISOString(),
});

/** The rates of one currency for one business date, if entered. */
export async function rateOn(
  db: Database,
  currency: ForeignCurrency,
  date: string,
): Promise<ExchangeRate | null> {
  const [r] = await queryRows<RateRow>(
    db,
    sql`select ${columns} from fx_rates where currency = ${currency} and business_date = ${date}::date`,
  );
  return r ? toRate(r) : null;
}

/** A page of rates, newest business date first. */
export async function listRates(db: Database, q: ExchangeRateListQuery): Promise<Page<ExchangeRate>> {
  const cond = q.currency ? sql`where currency = ${q.currency}` : sql``;
  const { offset, limit } = pageWindow(q, 20);
  const rows = await queryRows<RateRow>(
    db,
    sql`select ${columns} from fx_rates ${cond} order by business_date desc, currency limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from fx_rates ${cond}`);
  return { rows: rows.map(toRate), total: Number(n!.n) };
}

/** Enters or corrects a day's rates; answers the row before (null when new) and after. */
export async function setRate(
  tx: Database,
  currency: ForeignCurrency,
  date: string,
  input: ExchangeRateInput,
  by: { id: string; email: string },
): Promise<{ before: ExchangeRate | null; after: ExchangeRate }> {
  const [old] = await queryRows<RateRow>(
    tx,
    sql`select ${columns} from fx_rates where currency = ${currency} and business_date = ${date}::date for update`,
  );
  const [row] = await queryRows<RateRow>(
    tx,
    sql`insert into fx_rates (currency, business_date, buy, sell, mid, entered_by, entered_by_email)
        values (${currency}, ${date}::date, ${input.buy}::numeric, ${input.sell}::numeric, ${input.mid}::numeric, ${by.id}::uuid, ${by.email})
        on conflict (currency, business_date) do update set buy = excluded.buy, sell = excluded.sell, mid = excluded.mid,
          entered_by = excluded.entered_by, entered_by_email = excluded.entered_by_email, entered_at = now()
        returning ${columns}`,
  );
  return { before: old ? toRate(old) : null, after: toRate(row!) };
}

/**
 * The day's rate a movement from `from` to `to` uses: the buy rate into Leones, the sell rate out of
 * them, on the business date. `null` rate when none is entered (the caller refuses: no_rate).
 */
export async function dayRateFor(
  db: Database,
  from: Currency,
  to: Currency,
): Promise<{ kind: 'buy' | 'sell'; rate: string | null; businessDate: string } | null> {
  const kind = rateKindFor(from, to);
  if (!kind) return null;
  const foreign = (from === 'SLE' ? to : from) as ForeignCurrency;
  const [r] = await queryRows<{ d: string; buy: string | null; sell: string | null }>(
    db,
    sql`select current_business_date()::text as d, f.buy::text as buy, f.sell::text as sell
        from (select 1) one left join fx_rates f on f.currency = ${foreign} and f.business_date = current_business_date()`,
  );
  return { kind, rate: kind === 'buy' ? r!.buy : r!.sell, businessDate: r!.d };
}
