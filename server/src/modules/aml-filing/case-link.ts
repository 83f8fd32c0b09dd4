import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The interface to AML cases (table `aml_cases`, owned by the monitoring side). Until both sides are
 * merged the table may be absent: every call is guarded by `to_regclass('aml_cases')`, so this module's
 * tests run with or without it. The SQL is plain on purpose; the owner may replace it with its own call.
 */
const casesPresent = async (tx: Database) => {
  const [r] = await queryRows<{ present: boolean }>(
    tx,
    sql`select to_regclass('aml_cases') is not null as present`,
  );
  return r!.present;
};

/**
 * The customer a case is about: `undefined` when the case does not exist, `null` when cases are not
 * installed (nothing to check against).
 */
export async function caseCustomer(tx: Database, caseId: string): Promise<string | null | undefined> {
  if (!(await casesPresent(tx))) return null;
  const [c] = await queryRows<{ customer: string }>(
    tx,
    sql`select customer_id::text as customer from aml_cases where id = ${caseId}::uuid`,
  );
  return c ? c.customer : undefined;
}

/** The case's STR is filed: its status becomes `str_filed` (in the approval's transaction). */
export async function markCaseStrFiled(tx: Database, caseId: string): Promise<void> {
  if (!(await casesPresent(tx))) return;
  await tx.execute(sql`update aml_cases set status = 'str_filed' where id = ${caseId}::uuid`);
}
