import { sql } from 'drizzle-orm';
import {
  minusAmount,
  type BranchDiff,
  type Currency,
  type DailyDiff,
  type ProofReport,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { listSessions } from './session-repository.ts';

/** Every till session of a branch's business day, with its totals by type and its cash position. */
export async function proofReport(db: Database, branch: string, date: string): Promise<ProofReport> {
  const { rows } = await listSessions(db, { branch, date }, { limit: 1000, offset: 0 }, true);
  return {
    branch,
    businessDate: date,
    rows: rows.reverse().map((s) => ({
      sessionId: s.id,
      tellerEmail: s.tellerEmail,
      tillCode: s.tillCode,
      currency: s.currency,
      status: s.status,
      openedAt: s.openedAt,
      closedAt: s.closedAt,
      openingAllocation: s.openingAllocation,
      deposits: s.deposits,
      withdrawals: s.withdrawals,
      vaultIn: s.vaultIn,
      vaultOut: s.vaultOut,
      expected: s.expected ?? '0.00',
      counted: s.counted,
      difference: s.difference,
    })),
  };
}

/** Counted sessions' shortages and overages per business day and currency (signed off or awaiting). */
export async function dailyDiff(db: Database, branch: string, from: string, to: string): Promise<DailyDiff> {
  const rows = await queryRows<{
    businessDate: string;
    currency: Currency;
    sessions: string;
    awaiting: string;
    shortages: string;
    overages: string;
  }>(
    db,
    sql`select business_date::text as "businessDate", currency, count(*) as sessions,
               count(*) filter (where status = 'closing') as awaiting,
               coalesce(sum(expected - counted) filter (where counted < expected), 0)::numeric(18,2)::text as shortages,
               coalesce(sum(counted - expected) filter (where counted > expected), 0)::numeric(18,2)::text as overages
        from till_sessions
        where branch_code = ${branch} and business_date between ${from}::date and ${to}::date
        group by business_date, currency order by business_date desc, currency`,
  );
  return {
    branch,
    from,
    to,
    rows: rows.map((r) => ({
      businessDate: r.businessDate,
      currency: r.currency,
      sessions: Number(r.sessions),
      awaitingSignOff: Number(r.awaiting),
      shortages: r.shortages,
      overages: r.overages,
      net: minusAmount(r.overages, r.shortages),
    })),
  };
}

/**
 * Per branch and currency at the end of a business day: teller cash (1020-<branch>) against the cash
 * in tills (its lines that name a session), the vault (1010-<branch>), open tills and the day's
 * differences. A day before the business date reads the lines of entries up to that day.
 */
export async function branchDiff(
  db: Database,
  date: string,
  live: boolean,
  branch: string | undefined,
): Promise<BranchDiff> {
  const onBranch = branch ? sql`and substr(g.gl_code, 6) = ${branch}` : sql``;
  const upTo = live ? sql`` : sql`and e.business_date <= ${date}::date`;
  const sessionBranch = branch ? sql`and branch_code = ${branch}` : sql``;
  const rows = await queryRows<{
    branch: string;
    currency: Currency;
    teller: string;
    till: string;
    vault: string;
    open: string;
    shortages: string;
    overages: string;
  }>(
    db,
    sql`with lines as (
          select substr(g.gl_code, 6) as branch, g.currency, g.gl_code, g.till_session_id,
                 case g.side when 'debit' then g.amount else -g.amount end as signed
          from gl_lines g join journal_entries e on e.id = g.entry_id
          where (g.gl_code like '1020-%' or g.gl_code like '1010-%') ${onBranch} ${upTo}
        ), gl as (
          select branch, currency,
                 coalesce(sum(signed) filter (where gl_code like '1020-%'), 0) as teller,
                 coalesce(sum(signed) filter (where gl_code like '1020-%' and till_session_id is not null), 0) as till,
                 coalesce(sum(signed) filter (where gl_code like '1010-%'), 0) as vault
          from lines group by branch, currency
        ), day as (
          select branch_code as branch, currency, count(*) filter (where status <> 'closed') as open,
                 coalesce(sum(expected - counted) filter (where counted < expected), 0) as shortages,
                 coalesce(sum(counted - expected) filter (where counted > expected), 0) as overages
          from till_sessions where business_date = ${date}::date ${sessionBranch} group by branch_code, currency
        )
        select coalesce(gl.branch, day.branch) as branch, coalesce(gl.currency, day.currency) as currency,
               coalesce(gl.teller, 0)::numeric(18,2)::text as teller, coalesce(gl.till, 0)::numeric(18,2)::text as till,
               coalesce(gl.vault, 0)::numeric(18,2)::text as vault, coalesce(day.open, 0) as open,
               coalesce(day.shortages, 0)::numeric(18,2)::text as shortages,
               coalesce(day.overages, 0)::numeric(18,2)::text as overages
        from gl full join day on day.branch = gl.branch and day.currency = gl.currency
        order by 1, 2`,
  );
  return {
    businessDate: date,
    live,
    rows: rows.map((r) => ({
      branch: r.branch,
      currency: r.currency,
      openTills: Number(r.open),
      tillCash: r.till,
      tellerCashGl: r.teller,
      unattributed: minusAmount(r.teller, r.till),
      vaultGl: r.vault,
      shortages: r.shortages,
      overages: r.overages,
    })),
  };
}
