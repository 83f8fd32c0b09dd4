import { z } from 'zod';
import { postingAmountSchema } from '../banking.ts';

/**
 * Transaction monitoring rules (docs/decisions/0047-aml-monitoring-rules-alerts-cases.md): each
 * scenario is a row of data with typed parameters, evaluated set-based per business date by end of
 * day and, for the cash scenarios, for one customer right after a teller's cash posting. A change is a
 * four-eyes request (`aml_rule.change`) and makes a new version of the rule.
 */
export const AML_SCENARIOS = [
  'structuring',
  'cash_aggregation',
  'rapid_movement',
  'dormant_awakening',
  'profile_mismatch',
  'high_risk_activity',
  'many_counterparties',
] as const;
export type AmlScenario = (typeof AML_SCENARIOS)[number];

/** The scenarios the teller's cash posting evaluates at once for its customer and day. */
export const AML_CASH_SCENARIOS: readonly AmlScenario[] = ['structuring', 'cash_aggregation'];

const days = (max: number) => z.number().int().min(1).max(max);
const amount = postingAmountSchema;

/** One parameter schema per scenario: what the rule's SQL reads, checked before a change is asked. */
export const AML_PARAM_SCHEMAS = {
  structuring: z.strictObject({
    threshold: amount,
    windowDays: days(31),
    minTransactions: z.number().int().min(2).max(100),
  }),
  cash_aggregation: z.strictObject({
    threshold: amount,
    minTransactions: z.number().int().min(1).max(100),
  }),
  rapid_movement: z.strictObject({
    windowDays: days(31),
    outflowPercent: z.number().int().min(1).max(100),
    minInflow: amount,
  }),
  dormant_awakening: z.strictObject({ quietDays: days(3650), minAmount: amount }),
  profile_mismatch: z.strictObject({
    windowDays: days(92),
    multiple: z.number().int().min(1).max(1000),
    bandCeilings: z.strictObject({
      under_2k: amount,
      '2k_10k': amount,
      '10k_50k': amount,
      over_50k: amount,
    }),
  }),
  high_risk_activity: z.strictObject({ minAmount: amount }),
  many_counterparties: z.strictObject({
    windowDays: days(31),
    minPayers: z.number().int().min(2).max(1000),
    roundUnit: amount,
  }),
} as const satisfies Record<AmlScenario, z.ZodType>;
export type AmlParams<S extends AmlScenario> = z.infer<(typeof AML_PARAM_SCHEMAS)[S]>;

export const AML_SCENARIO_LABELS: Record<AmlScenario, string> = {
  structuring: 'Structuring',
  cash_aggregation: 'Cash aggregation for CTR',
  rapid_movement: 'Rapid movement of funds',
  dormant_awakening: 'Dormant account awakening',
  profile_mismatch: 'Turnover above the declared income',
  high_risk_activity: 'High-risk and PEP activity',
  many_counterparties: 'Round amounts from many payers',
};

const scoreSchema = z.number().int().min(1).max(100);

/**
 * A rule's parameters on the wire: named values (amounts as decimal strings, counts and days as
 * integers, a band-to-amount table). The scenario's own schema above checks them exactly.
 */
export const amlParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.record(z.string(), z.string())]),
);

export const amlRuleSchema = z.object({
  scenario: z.enum(AML_SCENARIOS),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** 1–100: the alert's score, so the queue can be worked highest first. */
  score: scoreSchema,
  params: amlParamsSchema,
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** The approval request of a proposed change still awaiting a checker, if any. */
  pendingApprovalId: z.string().nullable(),
});
export type AmlRule = z.infer<typeof amlRuleSchema>;

export const AML_RULE_TEXT = {
  ruleNotFound: 'No monitoring rule with this name.',
  pendingExists: 'A change of this rule is already awaiting approval; decide it first.',
  staleVersion: 'The rule changed since you opened it; reload and propose again.',
  descriptionRequired: 'Describe what the rule looks for',
} as const;

/** PUT /api/aml/rules/:scenario: the whole rule as proposed; its params are checked by the scenario's schema. */
export const amlRuleChangeSchema = z.object({
  description: z.string().trim().min(1, AML_RULE_TEXT.descriptionRequired).max(500),
  enabled: z.boolean(),
  score: scoreSchema,
  params: amlParamsSchema,
  /** The version the maker saw: a change against an older one is refused. */
  version: z.number().int().min(1),
});
export type AmlRuleChange = z.infer<typeof amlRuleChangeSchema>;
export const amlRuleParamSchema = z.object({ scenario: z.enum(AML_SCENARIOS) });

/**
 * The params of a proposed change checked against the scenario's own schema, with each problem's
 * path under `params` so the 400 names the field.
 */
export function checkRuleParams(scenario: AmlScenario, params: unknown) {
  return AML_PARAM_SCHEMAS[scenario].safeParse(params);
}
