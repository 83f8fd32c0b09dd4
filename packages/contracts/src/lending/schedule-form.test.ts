import { describe, expect, it } from 'vitest';
import { loanSimulationFormSchema, simulationInput, type LoanSimulationForm } from './schedule-form.ts';

const form: LoanSimulationForm = {
  amount: '20000',
  term: '12',
  method: 'emi',
  rate: '24',
  frequency: 'monthly',
  firstDueDate: '',
};

describe('Loan Simulation form', () => {
  it('checks each field as typed, with the contract’s words', () => {
    const bad = loanSimulationFormSchema.safeParse({ ...form, term: '361', rate: '100.5', amount: '0' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      amount: 'must be greater than zero',
      term: 'must be a whole number of instalments from 1 to 360',
      rate: 'must be at most 100% a year',
    });
  });

  it('becomes the engine’s input on the bank’s disbursement date and holidays', () => {
    expect(simulationInput(form, '2026-11-27', ['2026-12-28'])).toEqual({
      input: {
        principal: '20000',
        annualRate: '24',
        method: 'emi',
        instalments: 12,
        frequency: 'monthly',
        disbursementDate: '2026-11-27',
        holidays: ['2026-12-28'],
      },
    });
  });

  it('flags a first due date that is not after the disbursement date on that field', () => {
    expect(simulationInput({ ...form, firstDueDate: '2026-11-27' }, '2026-11-27', [])).toEqual({
      errors: { firstDueDate: 'must be after the disbursement date' },
    });
  });
});
