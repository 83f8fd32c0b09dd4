import { z } from 'zod';
import { moneySchema } from '../banking.ts';
import type { AmlScenario } from '../aml/rules.ts';
import { STR_GROUND_CODES, type StrGround } from './str.ts';

/**
 * Which ground each monitoring scenario suggests when an STR is drafted from a case: the officer
 * starts from what the rules saw and edits it. Cash aggregation alone is a CTR matter, so it suggests
 * structuring, the suspicion it usually hides.
 */
export const STR_GROUND_OF_SCENARIO: Record<AmlScenario, StrGround> = {
  structuring: 'STRUCT',
  cash_aggregation: 'STRUCT',
  rapid_movement: 'RAPID',
  dormant_awakening: 'DORMANT',
  profile_mismatch: 'PROFILE',
  high_risk_activity: 'PEP',
  many_counterparties: 'THIRDP',
};

export const strCaseParamSchema = z.object({ caseId: z.uuid('must be a case id') });

/** One of the subject's accounts, offered in the draft form. */
export const strAccountChoiceSchema = z.object({
  number: z.string(),
  currency: z.string(),
  status: z.string(),
});

/** One journal line on the subject's accounts that a case alert names, offered in the draft form. */
export const strTransactionChoiceSchema = z.object({
  reference: z.string(),
  postedAt: z.string(),
  accountNumber: z.string(),
  currency: z.string(),
  amount: moneySchema,
  direction: z.enum(['credit', 'debit']),
  description: z.string(),
});
export type StrTransactionChoice = z.infer<typeof strTransactionChoiceSchema>;

/**
 * GET /api/str-reports/from-case/:caseId: what a new STR starts from. `strId` is the case's STR in
 * progress (a draft or one awaiting the MLRO), which is edited rather than drafted twice.
 */
export const strPrefillSchema = z.object({
  caseId: z.string(),
  caseStatus: z.string(),
  custId: z.number().int(),
  customerName: z.string(),
  strId: z.string().nullable(),
  grounds: z.array(z.enum(STR_GROUND_CODES)),
  accounts: z.array(strAccountChoiceSchema),
  transactions: z.array(strTransactionChoiceSchema),
  /** The accounts the alerts' transactions touched: preselected. */
  suggestedAccounts: z.array(z.string()),
});
export type StrPrefill = z.infer<typeof strPrefillSchema>;
