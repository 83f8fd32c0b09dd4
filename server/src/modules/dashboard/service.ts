import { asc, desc, sql } from 'drizzle-orm';
import {
  COMPLIANCE_SCORE_DEFINITION,
  CURRENCIES,
  type Announcement,
  type DashboardStats,
  type DashboardTask,
  type NewsItem,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { announcements, news, tasks } from '../../db/schema/dashboard-content.ts';

interface StatsRow extends Record<string, unknown> {
  total_customers: string;
  active_loans: string;
  deposits_sle: string;
  deposits_usd: string;
  compliance: string;
}

/**
 * The dashboard's stat cards. Reads the trigger-maintained running totals in banking_stats (a few
 * dozen rows), so the cost does not grow with the number of customers. Definitions (migration
 * 0006_dashboard_stats): totalCustomers = customers not Closed; activeLoans = Active Loan accounts
 * with an outstanding (negative) balance; totalDeposits = credit balances of non-Loan accounts that
 * are not Closed, per currency; complianceScore = COMPLIANCE_SCORE_DEFINITION, 0–100, one decimal.
 */
export async function getDashboardStats(db: Database): Promise<DashboardStats> {
  const [row] = await queryRows<StatsRow>(
    db,
    sql`with s as (select metric, currency, sum(value) as v from banking_stats group by metric, currency)
        select coalesce((select v from s where metric = 'total_customers'), 0)::bigint::text as total_customers,
               coalesce((select v from s where metric = 'active_loans'), 0)::bigint::text as active_loans,
               coalesce((select v from s where metric = 'total_deposits' and currency = 'SLE'), 0)::numeric(20,2)::text as deposits_sle,
               coalesce((select v from s where metric = 'total_deposits' and currency = 'USD'), 0)::numeric(20,2)::text as deposits_usd,
               coalesce(round(100 * (select v from s where metric = 'active_customers_kyc_complete')
                                  / nullif((select v from s where metric = 'active_customers'), 0), 1), 0)::text as compliance`,
  );
  if (!row) throw new Error('stats query returned no row');
  return {
    totalCustomers: Number(row.total_customers),
    activeLoans: Number(row.active_loans),
    // One entry per currency, in the contracts' order (SLE first), zero when nothing is deposited.
    totalDeposits: CURRENCIES.map((currency) => ({
      currency,
      amount: currency === 'SLE' ? row.deposits_sle : row.deposits_usd,
    })),
    complianceScore: Number(row.compliance),
    complianceDefinition: COMPLIANCE_SCORE_DEFINITION,
  };
}

export interface DashboardContentLimits {
  news?: number;
  announcements?: number;
  tasks?: number;
}

export interface DashboardContent {
  news: NewsItem[];
  announcements: Announcement[];
  tasks: DashboardTask[];
}

/**
 * News (newest first), announcements (newest first) and tasks (open ones first, by due date).
 * docs/product.md §9: up to 5 announcements and 5 tasks; a non-activated user sees 3 news items (pass news:
 * 3).
 */
export async function getDashboardContent(
  db: Database,
  limits: DashboardContentLimits = {},
): Promise<DashboardContent> {
  const [newsRows, announcementRows, taskRows] = await Promise.all([
    db
      .select({ id: news.id, title: news.title, date: news.date })
      .from(news)
      .orderBy(desc(news.date), desc(news.id))
      .limit(limits.news ?? 5),
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.date), desc(announcements.id))
      .limit(limits.announcements ?? 5),
    db
      .select()
      .from(tasks)
      .orderBy(sql`${tasks.status} = 'completed'`, asc(tasks.dueDate), asc(tasks.id))
      .limit(limits.tasks ?? 5),
  ]);
  // Ids cross the wire as strings (the dashboard's events mix several id spaces).
  return {
    news: newsRows.map((n) => ({ ...n, id: String(n.id) })),
    announcements: announcementRows.map((a) => ({ ...a, id: String(a.id) })),
    tasks: taskRows.map((t) => ({ ...t, id: String(t.id) })),
  };
}
