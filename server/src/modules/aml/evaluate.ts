import { sql } from 'drizzle-orm';
import {
  AML_ACTIVE_CASE_STATUSES,
  AML_CASH_SCENARIOS,
  AML_PARAM_SCHEMAS,
  type AmlScenario,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SCENARIO_SQL, type ScenarioScope } from './scenarios.ts';

interface RuleRow extends Record<string, unknown> {
  scenario: AmlScenario;
  params: unknown;
  score: number;
  version: number;
}

const activeStatuses = sql.raw(AML_ACTIVE_CASE_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Runs one rule over a scope and upserts its alerts: one per rule, customer and business date, so
 * running a date again (a resumed end of day, the teller's next deposit) refreshes the same alert.
 */
async function runRule(tx: Database, rule: RuleRow, scope: ScenarioScope): Promise<void> {
  const params = AML_PARAM_SCHEMAS[rule.scenario].parse(rule.params);
  const hits = SCENARIO_SQL[rule.scenario](scope, params as never);
  await tx.execute(sql`
    insert into aml_alerts as al (scenario, rule_version, customer_id, business_date, score, amount, currency, entry_ids, facts)
    select ${rule.scenario}, ${rule.version}::int, h.customer_id, ${scope.date}::date, ${rule.score}::int,
           h.amount, h.currency, h.entry_ids, h.facts
      from (select distinct on (x.customer_id) * from (${hits}) x order by x.customer_id, x.amount desc) h
    on conflict (scenario, customer_id, business_date) do update
       set amount = excluded.amount, entry_ids = excluded.entry_ids, facts = excluded.facts,
           score = excluded.score, rule_version = excluded.rule_version, updated_at = now()
     where al.entry_ids is distinct from excluded.entry_ids or al.facts is distinct from excluded.facts`);
}

/** A customer's new alerts join their active case, if one is open (cases are opened by an officer). */
async function groupIntoCases(tx: Database, scope: ScenarioScope): Promise<void> {
  await tx.execute(sql`update aml_alerts al set case_id = c.id
      from aml_cases c
     where al.case_id is null and al.business_date = ${scope.date}::date
       ${scope.cust !== undefined ? sql`and al.customer_id = ${scope.cust}` : sql``}
       and c.customer_id = al.customer_id and c.status in (${activeStatuses})`);
}

async function enabledRules(tx: Database, only?: readonly AmlScenario[]): Promise<RuleRow[]> {
  return queryRows<RuleRow>(
    tx,
    sql`select scenario, params, score, version from aml_rules where enabled
        ${
          only
            ? sql`and scenario in (${sql.join(
                only.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``
        }
        order by scenario`,
  );
}

/**
 * End of day's `aml_monitoring` step: every enabled rule over the business date, in the caller's
 * transaction. Idempotent per date, so a resumed run simply evaluates it again. Returns how many
 * rules ran, never how many hit: the run's screen reaches people who must not learn of alerts.
 */
export async function evaluateBusinessDate(tx: Database, date: string): Promise<number> {
  const rules = await enabledRules(tx);
  for (const r of rules) await runRule(tx, r, { date });
  await groupIntoCases(tx, { date });
  return rules.length;
}

/**
 * The cash scenarios for one customer's day, right after a teller's cash posting committed (so the
 * teller never waits on, or fails because of, monitoring). Errors are logged, never thrown.
 */
export async function monitorCashPosting(
  db: Database,
  accountNumber: string,
  log?: { warn: (o: object, msg: string) => void },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [a] = await queryRows<{ cust_id: number; d: string }>(
        tx,
        sql`select cust_id, current_business_date()::text as d from accounts where account_number = ${accountNumber}`,
      );
      if (!a) return;
      const scope = { date: a.d, cust: Number(a.cust_id) };
      for (const r of await enabledRules(tx, AML_CASH_SCENARIOS)) await runRule(tx, r, scope);
      await groupIntoCases(tx, scope);
    });
  } catch (err) {
    log?.warn({ err }, 'cash monitoring failed; end of day evaluates the day again');
  }
}
