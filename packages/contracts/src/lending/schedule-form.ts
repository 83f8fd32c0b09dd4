import { z } from 'zod';
import { isoDateSchema, postingAmountSchema } from '../banking.ts';
import { LOAN_FREQUENCIES } from './day-count.ts';
import {
  annualRateSchema,
  INTEREST_METHODS,
  LOAN_LIMITS,
  LOAN_TEXT,
  loanScheduleInputSchema,
  type LoanScheduleInput,
} from './schedule-input.ts';

/**
 * The Loan Simulation form: the terms as typed (text inputs), checked field by field as they change.
 * The disbursement date and the holidays come from the bank, not the form (`simulationInput`).
 */
export const loanSimulationFormSchema = z.object({
  amount: postingAmountSchema,
  term: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, LOAN_TEXT.instalments)
    .refine((t) => Number(t) >= 1 && Number(t) <= LOAN_LIMITS.maxInstalments, LOAN_TEXT.instalments),
  method: z.enum(INTEREST_METHODS),
  rate: annualRateSchema,
  frequency: z.enum(LOAN_FREQUENCIES),
  /** Empty: one period after disbursement. */
  firstDueDate: z.union([z.literal(''), isoDateSchema]),
});
export type LoanSimulationForm = z.infer<typeof loanSimulationFormSchema>;

const FORM_FIELD: Partial<Record<string, keyof LoanSimulationForm>> = {
  principal: 'amount',
  instalments: 'term',
  annualRate: 'rate',
  firstDueDate: 'firstDueDate',
};

/**
 * The schedule's input from a valid form, or the form fields to flag (e.g. a first due date not after
 * the disbursement date, which the form alone cannot know).
 */
export function simulationInput(
  form: LoanSimulationForm,
  disbursementDate: string,
  holidays: readonly string[],
): { input: LoanScheduleInput } | { errors: Partial<Record<keyof LoanSimulationForm, string>> } {
  const parsed = loanScheduleInputSchema.safeParse({
    principal: form.amount,
    annualRate: form.rate,
    method: form.method,
    instalments: Number(form.term),
    frequency: form.frequency,
    disbursementDate,
    firstDueDate: form.firstDueDate || undefined,
    holidays,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof LoanSimulationForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FORM_FIELD[String(issue.path[0])] ?? 'amount';
    errors[field] ??= issue.message;
  }
  return { errors };
}
