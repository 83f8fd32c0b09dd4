import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AML_RULE_TEXT,
  AML_SCENARIO_LABELS,
  AML_SCENARIOS,
  amlRuleChangeSchema,
  checkRuleParams,
  type AmlRule,
  type AmlRuleChange,
  type AmlScenario,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import {
  approvedBy,
  requestApproval,
  stillPendingSql,
  type ApprovalActor,
  type Approvals,
} from '../approvals/index.ts';

export const AML_RULE_APPROVAL = 'aml_rule.change';

/** What an `aml_rule.change` request stores: the rule as proposed. */
const ruleCommand = amlRuleChangeSchema.extend({ scenario: z.enum(AML_SCENARIOS) });

interface RuleRow extends Record<string, unknown> {
  scenario: AmlScenario;
  description: string;
  enabled: boolean;
  score: number;
  params: AmlRule['params'];
  version: number;
  updated_at: string;
  updated_by: string | null;
  pending: string | null;
}

const ruleOf = (r: RuleRow): AmlRule => ({
  scenario: r.scenario,
  label: AML_SCENARIO_LABELS[r.scenario],
  description: r.description,
  enabled: r.enabled,
  score: Number(r.score),
  params: r.params,
  version: Number(r.version),
  updatedAt: new Date(r.updated_at).toISOString(),
  updatedBy: r.updated_by,
  pendingApprovalId: r.pending,
});

const SELECT = sql`select r.scenario, r.description, r.enabled, r.score, r.params, r.version, r.updated_at::text,
  r.updated_by, (select q.id::text from approval_requests q where q.type = ${AML_RULE_APPROVAL}
     and q.subject_id = r.scenario and ${stillPendingSql(sql.raw('q'))} limit 1) as pending
  from aml_rules r`;

/** Seven rows, never paged: the scenarios are a fixed list in contracts. */
export async function listRules(db: Database): Promise<AmlRule[]> {
  return (await queryRows<RuleRow>(db, sql`${SELECT} order by r.scenario`)).map(ruleOf);
}

export async function getRule(db: Database, scenario: AmlScenario): Promise<AmlRule> {
  const [r] = await queryRows<RuleRow>(db, sql`${SELECT} where r.scenario = ${scenario}`);
  if (!r) throw notFound(AML_RULE_TEXT.ruleNotFound);
  return ruleOf(r);
}

/**
 * A maker's proposed change: params checked by the scenario's schema (400 naming the field), the
 * version they saw still current, no other change pending; then a request a second officer decides.
 */
export async function proposeRuleChange(
  db: Database,
  scenario: AmlScenario,
  change: AmlRuleChange,
  maker: ApprovalActor,
): Promise<string> {
  const parsed = checkRuleParams(scenario, change.params);
  if (!parsed.success)
    throw badRequest(
      'Invalid request',
      parsed.error.issues.map((i) => ({ path: `/params/${i.path.join('/')}`, message: i.message })),
    );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from aml_rules where scenario = ${scenario} for update`);
    const rule = await getRule(tx, scenario);
    if (rule.pendingApprovalId) throw conflict(AML_RULE_TEXT.pendingExists, { code: 'pending' });
    if (rule.version !== change.version) throw conflict(AML_RULE_TEXT.staleVersion, { code: 'stale' });
    const after = { ...change, params: parsed.data };
    return requestApproval(tx, {
      type: AML_RULE_APPROVAL,
      subjectType: 'aml_rule',
      subjectId: scenario,
      command: { ...after, scenario },
      before: {
        description: rule.description,
        enabled: rule.enabled,
        score: rule.score,
        params: rule.params,
      },
      after: {
        description: after.description,
        enabled: after.enabled,
        score: after.score,
        params: after.params,
      },
      maker,
      branch: null,
      subjectVersion: String(rule.version),
    });
  });
}

/** `aml_rule.change`: the checker's approval makes the proposal the rule's next version. */
export function registerRuleCommand(approvals: Approvals): void {
  approvals.register({
    type: AML_RULE_APPROVAL,
    currentVersion: async (tx, subject) => String((await getRule(tx, subject as AmlScenario)).version),
    async execute(tx, raw, { approvalId, maker, checker }) {
      const cmd = ruleCommand.parse(raw);
      const before = await getRule(tx, cmd.scenario);
      await tx.execute(sql`update aml_rules set description = ${cmd.description}, enabled = ${cmd.enabled},
          score = ${cmd.score}, params = ${JSON.stringify(cmd.params)}::jsonb, version = version + 1,
          updated_at = now(), updated_by = ${maker.email} where scenario = ${cmd.scenario}`);
      await writeAudit(tx, {
        action: 'aml.rule_change',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        ip: checker.ip,
        targetType: 'aml_rule',
        targetId: cmd.scenario,
        details: {
          ...approvedBy(approvalId, checker),
          version: before.version + 1,
          before: { enabled: before.enabled, score: before.score, params: before.params },
          after: { enabled: cmd.enabled, score: cmd.score, params: cmd.params },
        },
      });
    },
  });
}
