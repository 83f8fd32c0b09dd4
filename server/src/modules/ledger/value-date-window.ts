import { sql } from 'drizzle-orm';
import { VALUE_DATE_TEXT, VALUE_DATE_WINDOW } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Whether a value date lies outside the window around the bank's BUSINESS date (contracts'
 * VALUE_DATE_WINDOW): the wall clock runs ahead of a business date that end of day has not moved yet.
 * No value date means the business date itself, always inside.
 */
export async function outsideValueDateWindow(db: Database, valueDate: string | undefined): Promise<boolean> {
  if (!valueDate) return false;
  const [r] = await queryRows<{ outside: boolean }>(
    db,
    sql`select (${valueDate}::date < current_business_date() - ${VALUE_DATE_WINDOW.backDays}::int
             or ${valueDate}::date > current_business_date() + ${VALUE_DATE_WINDOW.forwardDays}::int) as outside`,
  );
  return r!.outside;
}

/** 403 on the field for a caller without journal.backvalue who asks for a value date outside the window. */
export const backValueRefused = () =>
  new HttpError(403, VALUE_DATE_TEXT.outsideWindow, [
    { path: '/value_date', message: VALUE_DATE_TEXT.outsideWindow },
  ]);
