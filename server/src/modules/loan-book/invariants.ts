import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The loan book's invariants (the database function loan_book_violations(), migration 0085): each
 * loan's principal outstanding equals what was financed less the principal repaid; the portfolio GL's
 * lines per branch and currency equal the loans' principals; each interest receivable GL equals the
 * loans' `interest_receivable`; a loan's account sits on its product's portfolio GL. Empty when all hold;
 * the tests run it after every end of day, with ledger_violations() and eod_violations().
 */
export async function loanBookViolations(db: Database): Promise<string[]> {
  const rows = await queryRows<{ problem: string }>(db, sql`select problem from loan_book_violations()`);
  return rows.map((r) => r.problem);
}
