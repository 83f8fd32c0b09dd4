import { sql } from 'drizzle-orm';
import { EOD_TEXT, type AccountingPeriod } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';

type Row = AccountingPeriod & Record<string, unknown>;

/** The year and its twelve months, open unless a row says closed. */
export async function periodsOf(db: Database, year: number): Promise<AccountingPeriod[]> {
  return queryRows<Row>(
    db,
    sql`with wanted as (
          select ${String(year)}::text as period, 'year' as kind, make_date(${year}::int, 1, 1) as starts_on,
                 make_date(${year}::int, 12, 31) as ends_on, 0 as ord
          union all
          select to_char(m, 'YYYY-MM'), 'month', m::date, (m + interval '1 month - 1 day')::date, extract(month from m)::int
            from generate_series(make_date(${year}::int, 1, 1), make_date(${year}::int, 12, 1), interval '1 month') m)
        select w.period, w.kind, w.starts_on::text as "startsOn", w.ends_on::text as "endsOn",
               coalesce(p.status, 'open') as status, p.closed_by as "closedBy",
               case when p.closed_at is null then null else to_char(p.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as "closedAt"
          from wanted w left join accounting_periods p on p.period = w.period order by w.ord`,
  );
}

/**
 * Closes or reopens a month or a year. A period closes only once the business date is past it; a
 * year only when its months are closed; a month of a closed year stays as it is. Once closed, the
 * journal guard refuses any entry dated in it (business or value date).
 */
export async function changePeriod(
  db: Database,
  period: string,
  action: 'close' | 'reopen',
  who: { id: string; email: string; ip: string | null },
  reason: string | undefined,
): Promise<void> {
  const year = Number(period.slice(0, 4));
  const today = await currentBusinessDate(db);
  await db.transaction(async (tx) => {
    const all = await periodsOf(tx, year);
    const p = all.find((x) => x.period === period)!;
    const wanted = action === 'close' ? 'closed' : 'open';
    if (p.status === wanted) throw conflict(EOD_TEXT.periodState(p.status), { code: 'period_state' });
    if (action === 'close' && p.endsOn >= today)
      throw conflict(EOD_TEXT.periodNotOver, { code: 'period_not_over' });
    if (p.kind === 'year' && action === 'close' && all.some((m) => m.kind === 'month' && m.status === 'open'))
      throw conflict(EOD_TEXT.periodMonthsOpen, { code: 'months_open' });
    if (p.kind === 'month' && all.find((y) => y.kind === 'year')!.status === 'closed')
      throw conflict(EOD_TEXT.periodYearClosed, { code: 'year_closed' });
    await tx.execute(
      sql`insert into accounting_periods (period, kind, starts_on, ends_on, status, closed_by, closed_at)
          values (${period}, ${p.kind}, ${p.startsOn}::date, ${p.endsOn}::date, ${wanted},
                  ${action === 'close' ? who.email : null}, ${action === 'close' ? sql`now()` : null})
          on conflict (period) do update set status = excluded.status, closed_by = excluded.closed_by, closed_at = excluded.closed_at`,
    );
    await writeAudit(tx, {
      action: `calendar.period_${action}`,
      outcome: 'success',
      actorId: who.id,
      actorEmail: who.email,
      ip: who.ip,
      targetType: 'accounting_period',
      targetId: period,
      details: { reason: reason ?? null },
    });
  });
}
