import { TextInput } from './form-controls';

/** The five GL mappings, in the order a loan's postings use them. */
export const LOAN_GL_FIELDS = [
  ['portfolio', 'Loan portfolio (asset control account)'],
  ['interestReceivable', 'Interest receivable'],
  ['interestIncome', 'Interest income'],
  ['feeIncome', 'Fee income'],
  ['penaltyIncome', 'Penalty income'],
] as const;

/** GL account codes as typed; the server checks each exists and is of the right type and currency. */
export function LoanGlFields({ portfolioFixed = false }: { portfolioFixed?: boolean }) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">GL mappings</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {LOAN_GL_FIELDS.map(([key, label]) =>
          portfolioFixed && key === 'portfolio' ? null : (
            <TextInput key={key} name={`gl.${key}`} label={label} inputMode="numeric" />
          ),
        )}
      </div>
    </fieldset>
  );
}
