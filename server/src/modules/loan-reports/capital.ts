import { sql } from 'drizzle-orm';
import type { BankCapital } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';

/** The capital recorded for a month (YYYY-MM), or null. */
export async function capitalFor(db: Database, month: string): Promise<string | null> {
  const [r] = await queryRows<{ amount: string }>(
    db,
    sql`select amount::text as amount from bank_capital where month = ${month}`,
  );
  return r?.amount ?? null;
}

const VIEW = sql`select month, amount::text as amount, entered_by_email as "enteredByEmail",
                        to_char(entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "enteredAt"
                   from bank_capital`;

/** The months recorded, newest first (one row a month: a short list). */
export const listCapital = (db: Database) =>
  queryRows<BankCapital & Record<string, unknown>>(db, sql`${VIEW} order by month desc limit 120`);

/**
 * Records (or replaces) a month's capital with its audit row in the same transaction; the audit keeps
 * the figure it replaced. One person: it moves no money and approves nothing (ADR 0066).
 */
export async function setCapital(
  db: Database,
  month: string,
  amount: string,
  actor: { id: string; email: string },
  ip: string | null,
): Promise<BankCapital> {
  return db.transaction(async (tx) => {
    const before = await capitalFor(tx, month);
    await tx.execute(
      sql`insert into bank_capital (month, amount, entered_by, entered_by_email)
          values (${month}, ${amount}::numeric, ${actor.id}, ${actor.email})
          on conflict (month) do update set amount = excluded.amount, entered_by = excluded.entered_by,
            entered_by_email = excluded.entered_by_email, entered_at = now()`,
    );
    await writeAudit(tx, {
      action: 'loan_reports.capital_set',
      outcome: 'success',
      actorId: actor.id,
      actorEmail: actor.email,
      targetType: 'bank_capital',
      targetId: month,
      ip,
      details: { month, amount, before },
    });
    const [row] = await queryRows<BankCapital & Record<string, unknown>>(
      tx,
      sql`${VIEW} where month = ${month}`,
    );
    return row!;
  });
}
