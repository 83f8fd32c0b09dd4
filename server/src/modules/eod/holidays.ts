import { sql } from 'drizzle-orm';
import { EOD_TEXT, type Holiday, type HolidayCreate } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';

/** A year's non-working days: the fixed holidays on that year's dates, and the movable ones entered. */
export async function holidaysOf(db: Database, year: number): Promise<Holiday[]> {
  return queryRows<Holiday & Record<string, unknown>>(
    db,
    sql`select id::text, date::text, name, kind from (
          select id, make_date(${year}::int, month, day) as date, name, kind from holidays
           where kind = 'fixed' and (month <> 2 or day <> 29 or ${year}::int % 4 = 0)
          union all
          select id, on_date, name, kind from holidays
           where kind = 'movable' and on_date >= make_date(${year}::int, 1, 1) and on_date < make_date(${year}::int + 1, 1, 1)
        ) h order by date, name`,
  );
}

type Who = { id: string; email: string; ip: string | null };

/** Adds a movable holiday (or a declared day off) on the business date or later; audited. */
export async function addHoliday(db: Database, body: HolidayCreate, who: Who): Promise<Holiday> {
  const today = await currentBusinessDate(db);
  if (body.date < today)
    throw badRequest('Invalid request', [{ path: '/date', message: EOD_TEXT.holidayPast }]);
  return db.transaction(async (tx) => {
    const [clash] = await queryRows<{ name: string }>(
      tx,
      sql`select name from holidays where (kind = 'movable' and on_date = ${body.date}::date)
          or (kind = 'fixed' and month = extract(month from ${body.date}::date) and day = extract(day from ${body.date}::date))`,
    );
    if (clash) throw conflict(EOD_TEXT.holidayExists, { code: 'holiday_exists', name: clash.name });
    const [row] = await queryRows<Holiday & Record<string, unknown>>(
      tx,
      sql`insert into holidays (kind, on_date, name, created_by) values ('movable', ${body.date}::date, ${body.name}, ${who.email})
          returning id::text, on_date::text as date, name, kind`,
    );
    await writeAudit(tx, {
      action: 'calendar.holiday_add',
      outcome: 'success',
      actorId: who.id,
      actorEmail: who.email,
      ip: who.ip,
      targetType: 'holiday',
      targetId: row!.id,
      details: { date: body.date, name: body.name },
    });
    return row!;
  });
}

/** Removes a movable holiday that has not come yet (a fixed one is the law's, not the bank's). */
export async function removeHoliday(db: Database, id: string, who: Who): Promise<void> {
  const today = await currentBusinessDate(db);
  await db.transaction(async (tx) => {
    const [h] = await queryRows<{ kind: string; on_date: string | null; name: string }>(
      tx,
      sql`select kind, on_date::text, name from holidays where id = ${id}::bigint for update`,
    );
    if (!h) throw notFound(EOD_TEXT.holidayNotFound);
    if (h.kind === 'fixed') throw conflict(EOD_TEXT.fixedHolidayDelete, { code: 'fixed_holiday' });
    if (h.on_date! < today) throw conflict(EOD_TEXT.holidayPast, { code: 'holiday_past' });
    await tx.execute(sql`delete from holidays where id = ${id}::bigint`);
    await writeAudit(tx, {
      action: 'calendar.holiday_remove',
      outcome: 'success',
      actorId: who.id,
      actorEmail: who.email,
      ip: who.ip,
      targetType: 'holiday',
      targetId: id,
      details: { date: h.on_date, name: h.name },
    });
  });
}
