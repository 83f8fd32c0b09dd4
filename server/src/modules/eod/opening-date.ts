import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';

/**
 * A new bank's first business date (`OPENING_BUSINESS_DATE`). Until its first end of day a bank
 * follows the calendar: its business date is today's date. A bank that goes live on a chosen day
 * (the day its old system closed, or a rehearsal of the month end) opens on that date instead. It
 * applies once: a bank whose business date is set (by an earlier opening or by end of day) keeps it,
 * whatever the setting says later, so a restart can never move the date.
 */
export async function openBusinessDate(db: Database, date: string | undefined): Promise<'opened' | 'kept'> {
  if (date === undefined) return 'kept';
  return db.transaction(async (tx) => {
    const opened = await queryRows(
      tx,
      sql`insert into bank_business_date (id, business_date) values (true, ${date}::date)
          on conflict (id) do nothing returning 1`,
    );
    if (opened.length === 0) return 'kept';
    await writeAudit(tx, {
      action: 'eod.business_date_open',
      outcome: 'success',
      actorId: null,
      actorEmail: 'system',
      targetType: 'business_date',
      targetId: date,
      details: { setting: 'OPENING_BUSINESS_DATE' },
    });
    return 'opened';
  });
}
