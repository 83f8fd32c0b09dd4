import { sql } from 'drizzle-orm';
import {
  STR_GROUND_OF_SCENARIO,
  STR_TEXT,
  type StrGround,
  type StrPrefill,
  type StrTransactionChoice,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { caseEvidence } from '../aml/index.ts';

/** The subject's accounts offered in the form; a customer with more picks them by number. */
const ACCOUNT_CHOICES = 50;

/**
 * What an STR drafted from a case starts with: the case's customer as subject, the journal lines its
 * alerts name on the subject's accounts (all preselected, with their accounts), grounds from the
 * alerts' scenarios, and the case's STR in progress if it has one.
 */
export async function strPrefill(db: Database, caseId: string): Promise<StrPrefill> {
  const k = await caseEvidence(db, caseId);
  if (!k) throw notFound(STR_TEXT.caseNotFound);
  const accounts = await queryRows<StrPrefill['accounts'][number]>(
    db,
    sql`select account_number as number, currency, status from accounts where cust_id = ${k.customerId}
         order by account_number limit ${ACCOUNT_CHOICES}`,
  );
  const transactions = k.entryIds.length
    ? await queryRows<StrTransactionChoice>(
        db,
        sql`select e.reference, to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "postedAt",
                   a.account_number as "accountNumber", a.currency, t.amount::text as amount, t.direction, t.description
              from transactions t join accounts a on a.id = t.account_id join journal_entries e on e.id = t.entry_id
             where a.cust_id = ${k.customerId}
               and t.entry_id in (${sql.join(
                 k.entryIds.map((id) => sql`${id}::bigint`),
                 sql`, `,
               )})
             order by t.posted_at, t.id`,
      )
    : [];
  const [open] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from aml_str_reports where case_id = ${caseId}::uuid
         and status in ('draft', 'pending_approval')`,
  );
  // A transfer between two of the subject's accounts is one reference on two lines: offered once.
  const seen = new Set<string>();
  const unique = transactions.filter((t) => !seen.has(t.reference) && seen.add(t.reference));
  const grounds = [...new Set<StrGround>(k.scenarios.map((s) => STR_GROUND_OF_SCENARIO[s]))];
  return {
    caseId,
    caseStatus: k.status,
    custId: k.customerId,
    customerName: k.customerName,
    strId: open?.id ?? null,
    grounds,
    accounts,
    transactions: unique,
    suggestedAccounts: [...new Set(unique.map((t) => t.accountNumber))],
  };
}
