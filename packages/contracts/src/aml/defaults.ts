import type { AmlParams, AmlScenario } from './rules.ts';

/**
 * The seeded rules (migration aml_monitoring inserts exactly these; a server test compares them).
 * The thresholds are demo assumptions, written down in ADR 0047: a bank tunes them, four-eyes.
 */
export const AML_RULE_DEFAULTS: {
  [S in AmlScenario]: { description: string; score: number; params: AmlParams<S> };
} = {
  structuring: {
    description:
      'One customer’s cash deposits (or withdrawals), across accounts and branches, each under the CTR threshold, sum to the threshold or more within the window.',
    score: 90,
    params: { threshold: '30000.00', windowDays: 1, minTransactions: 2 },
  },
  cash_aggregation: {
    description:
      'One customer’s cash in (or out) on one business day, across accounts and branches, reaches the CTR threshold: the CTR is per customer per day.',
    score: 60,
    params: { threshold: '30000.00', minTransactions: 2 },
  },
  rapid_movement: {
    description:
      'Money paid into an account leaves it again within a few days: the outflow is at least the percentage of the inflow.',
    score: 70,
    params: { windowDays: 3, outflowPercent: 80, minInflow: '50000.00' },
  },
  dormant_awakening: {
    description:
      'An account quiet for the given days (or marked dormant) suddenly receives or sends the amount or more.',
    score: 60,
    params: { quietDays: 180, minAmount: '20000.00' },
  },
  profile_mismatch: {
    description:
      'A person’s money in over the window is above a multiple of the top of the monthly income band they declared.',
    score: 50,
    params: {
      windowDays: 30,
      multiple: 5,
      bandCeilings: {
        under_2k: '2000.00',
        '2k_10k': '10000.00',
        '10k_50k': '50000.00',
        over_50k: '250000.00',
      },
    },
  },
  high_risk_activity: {
    description:
      'Any transaction of the amount or more by a customer rated high risk or a politically exposed person.',
    score: 40,
    params: { minAmount: '10000.00' },
  },
  many_counterparties: {
    description: 'Round amounts from many different payers into one account within the window.',
    score: 50,
    params: { windowDays: 7, minPayers: 5, roundUnit: '1000.00' },
  },
};
