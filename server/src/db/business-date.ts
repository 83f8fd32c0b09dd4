import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * The bank's business date as YYYY-MM-DD: what today's postings carry and what "today" means for
 * every business rule (the database function, so SQL and TypeScript agree). End of day moves it.
 */
export async function currentBusinessDate(db: Database): Promise<string> {
  const [row] = await queryRows<{ d: string }>(db, sql`select current_business_date()::text as d`);
  return row!.d;
}
