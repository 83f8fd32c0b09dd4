import { TextInput } from './form-controls';

/** The five GL mappings, in the order the postings use them. */
export const GL_FIELDS = [
  ['control', 'Control account (liability)'],
  ['interestExpense', 'Interest expense'],
  ['interestPayable', 'Interest payable'],
  ['feeIncome', 'Fee income'],
  ['withholdingTaxPayable', 'Withholding tax payable'],
] as const;

/** GL account codes as typed: the contract's GL code rule checks each (the server checks they exist). */
export function GlFields() {
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">GL mappings</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {GL_FIELDS.map(([key, label]) => (
          <TextInput key={key} name={`gl.${key}`} label={label} inputMode="numeric" />
        ))}
      </div>
    </fieldset>
  );
}
