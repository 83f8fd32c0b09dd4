import { sql } from 'drizzle-orm';
import type { AmlCaseStatus, AmlScenario } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface CaseEvidence {
  customerId: number;
  customerName: string;
  status: AmlCaseStatus;
  /** The scenarios of the case's alerts, most frequent first. */
  scenarios: AmlScenario[];
  /** The journal entries the alerts name, at most 200 (what an STR carries). */
  entryIds: string[];
}

/**
 * What a case holds as evidence for an STR drafted from it: its customer, status, the alerts'
 * scenarios and journal entries. `undefined` when there is no such case.
 */
export async function caseEvidence(tx: Database, caseId: string): Promise<CaseEvidence | undefined> {
  const [k] = await queryRows<Omit<CaseEvidence, 'scenarios' | 'entryIds'>>(
    tx,
    sql`select k.customer_id as "customerId", coalesce(c.name, '') as "customerName", k.status
          from aml_cases k left join customers c on c.cust_id = k.customer_id where k.id = ${caseId}::uuid`,
  );
  if (!k) return undefined;
  const scenarios = await queryRows<{ s: AmlScenario }>(
    tx,
    sql`select scenario as s from aml_alerts where case_id = ${caseId}::uuid
         group by scenario order by count(*) desc, scenario`,
  );
  const entries = await queryRows<{ id: string }>(
    tx,
    sql`select distinct e::text as id from aml_alerts a cross join unnest(a.entry_ids) e
         where a.case_id = ${caseId}::uuid order by 1 limit 200`,
  );
  return { ...k, scenarios: scenarios.map((s) => s.s), entryIds: entries.map((e) => e.id) };
}
