import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { markCaseStrFiled as amlMarkCaseStrFiled } from '../aml/index.ts';

/**
 * The interface to AML cases (table `aml_cases`, owned by the aml module). The aml module exports no
 * case lookup, so the one read here is plain SQL on its table; every change to a case goes through
 * the aml module, which checks the transition and writes the case event and audit row.
 */

/** The customer a case is about, or `undefined` when the case does not exist. */
export async function caseCustomer(tx: Database, caseId: string): Promise<string | undefined> {
  const [c] = await queryRows<{ customer: string }>(
    tx,
    sql`select customer_id::text as customer from aml_cases where id = ${caseId}::uuid`,
  );
  return c?.customer;
}

/**
 * The case's STR is filed: the aml module moves it from `escalated` to `str_filed` (409 from any other
 * status), in the approval's transaction, so a case that is not escalated rolls the approval back.
 */
export async function markCaseStrFiled(
  tx: Database,
  caseId: string,
  by: ApprovalActor,
  strReference: string,
): Promise<void> {
  await amlMarkCaseStrFiled(tx, caseId, by, strReference);
}
