import { sql } from 'drizzle-orm';
import type { BusinessDate, GlAccount } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { fromCents, toCents } from './money.ts';

type ChartRow = Omit<GlAccount, 'balances'>;

/**
 * The chart with current balances. Accounts take theirs from gl_balances() (GL lines summed; control
 * accounts from their customer accounts); groups and classes add up their children, in cents.
 */
export async function chartWithBalances(db: Database): Promise<GlAccount[]> {
  const chart = await queryRows<ChartRow & Record<string, unknown>>(
    db,
    sql`select code, name, kind, parent_code, class, currency, normal_side, status, manual_posting, is_control, branch_code
        from gl_accounts order by code`,
  );
  const balances = await queryRows<{ gl_code: string; currency: 'SLE' | 'USD'; balance: string }>(
    db,
    sql`select gl_code, currency, sum(balance)::numeric(20,2)::text as balance from gl_balances() group by gl_code, currency`,
  );
  const parentOf = new Map(chart.map((c) => [c.code, c.parent_code]));
  const totals = new Map<string, Map<'SLE' | 'USD', bigint>>();
  for (const b of balances) {
    // Add to the account, its group and its class.
    for (let code: string | null | undefined = b.gl_code; code; code = parentOf.get(code)) {
      const m = totals.get(code) ?? new Map<'SLE' | 'USD', bigint>();
      m.set(
        b.currency,
        (m.get(b.currency) ?? 0n) +
          toCents(b.balance.replace('-', '')) * (b.balance.startsWith('-') ? -1n : 1n),
      );
      totals.set(code, m);
    }
  }
  return chart.map((c) => ({
    ...c,
    balances: [...(totals.get(c.code) ?? new Map<'SLE' | 'USD', bigint>())]
      .filter(([, v]) => v !== 0n)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, v]) => ({
        currency,
        debit: v > 0n ? fromCents(v) : '0.00',
        credit: v < 0n ? fromCents(-v) : '0.00',
      })),
  }));
}

export async function businessDate(db: Database): Promise<BusinessDate> {
  const [r] = await queryRows<{ d: string; set: boolean }>(
    db,
    sql`select current_business_date()::text as d,
               exists (select 1 from bank_business_date where id and business_date is not null) as set`,
  );
  return { business_date: r!.d, follows_calendar: !r!.set };
}

/**
 * The one branch a set of GL accounts belongs to, or null when they span branches or include a
 * bank-wide account (no branch): the branch whose checkers decide a journal over the maker's limit.
 */
export async function branchOfGlAccounts(db: Database, codes: readonly string[]): Promise<string | null> {
  const [row] = await queryRows<{ branch: string | null }>(
    db,
    sql`select case when count(*) filter (where branch_code is null) = 0 and count(distinct branch_code) = 1
                    then min(branch_code) end as branch
        from gl_accounts where code in (${sql.join(
          [...new Set(codes)].map((c) => sql`${c}`),
          sql`, `,
        )})`,
  );
  return row?.branch ?? null;
}
