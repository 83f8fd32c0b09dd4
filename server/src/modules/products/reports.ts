import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { ACCOUNT_STATUSES, fromCents, toCents, type AccountStatus } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { inForce, productRows, versionsOf, type ProductVersionView } from './product-rows.ts';

/** `GET /api/products/reports?format=json` (the web's `/products/reports`). */
export const productReportSchema = z.object({
  businessDate: z.string(),
  rows: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      accountType: z.string(),
      currency: z.string(),
      status: z.string(),
      /** The credit rate in force as shown: flat "5.0000", tiered or per tenor "4.0000–6.0000". */
      rate: z.string(),
      debitRate: z.string().nullable(),
      version: z.number().int().nullable(),
      byStatus: z.record(z.enum(ACCOUNT_STATUSES), z.number().int()),
      accounts: z.number().int(),
      /** Sum of the product's account balances, in its currency. */
      balance: z.string(),
    }),
  ),
  /** Per currency: accounts and balance over every product (a sum across currencies means nothing). */
  totals: z.array(z.object({ currency: z.string(), accounts: z.number().int(), balance: z.string() })),
});
export type ProductReport = z.infer<typeof productReportSchema>;

/** What a screen shows as "the rate": one figure, or the range the tiers or tenors span. */
export function rateShown(v: ProductVersionView | undefined): string {
  if (!v) return '';
  const rates = v.fixedDeposit?.tenors.map((t) => t.rate) ?? v.creditTiers.map((t) => t.rate);
  if (rates.length === 0) return v.creditRate;
  const sorted = rates.map(Number).sort((a, b) => a - b);
  const [lo, hi] = [sorted[0]!, sorted[sorted.length - 1]!];
  return lo === hi ? lo.toFixed(4) : `${lo.toFixed(4)}–${hi.toFixed(4)}`;
}

const zeroStatuses = () =>
  Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<AccountStatus, number>;

/** Accounts by status and balances per deposit product, with the terms in force on the business date. */
export async function buildProductReport(db: Database): Promise<ProductReport> {
  const [businessDate, products] = await Promise.all([currentBusinessDate(db), productRows(db, {})]);
  const [versions, counts] = await Promise.all([
    versionsOf(
      db,
      products.map((p) => p.code),
    ),
    queryRows<{ product_code: string; status: AccountStatus; n: number; balance: string }>(
      db,
      sql`select product_code, status, count(*)::int as n, sum(balance)::text as balance
          from accounts group by product_code, status`,
    ),
  ]);
  const totals = new Map<string, { accounts: number; cents: bigint }>();
  const rows = products.map((p, i) => {
    const v = inForce(versions[i]!, businessDate);
    const byStatus = zeroStatuses();
    // Summed in cents as bigint: a float sum of a million balances drifts.
    let cents = 0n;
    for (const c of counts.filter((x) => x.product_code === p.code)) {
      byStatus[c.status] = Number(c.n);
      cents += toCents(c.balance);
    }
    const accounts = Object.values(byStatus).reduce((a, b) => a + b, 0);
    const t = totals.get(p.currency) ?? { accounts: 0, cents: 0n };
    totals.set(p.currency, { accounts: t.accounts + accounts, cents: t.cents + cents });
    return {
      code: p.code,
      name: p.name,
      accountType: p.accountType,
      currency: p.currency,
      status: p.status,
      rate: rateShown(v),
      debitRate: v?.debitRate ?? null,
      version: v?.version ?? null,
      byStatus,
      accounts,
      balance: fromCents(cents),
    };
  });
  return {
    businessDate,
    rows,
    totals: [...totals].map(([currency, t]) => ({
      currency,
      accounts: t.accounts,
      balance: fromCents(t.cents),
    })),
  };
}
