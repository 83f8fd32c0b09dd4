import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  SECTOR_CODES,
  SECTOR_CODE_LIST,
  loanApplicationInputSchema,
  type LoanApplication,
  type LoanApplicationBody,
} from '@bankmanager/contracts';
import { optionsOf } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import { fieldErrorsFrom, refusalText, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useActiveLoanProducts, useSaveApplication } from '../api/loan-applications';
import {
  bodyOf,
  EMPTY_APPLICATION,
  STEPS,
  stepOf,
  valuesOf,
  type ApplicationValues,
} from '../lib/form-values';
import { CheckboxInput, SelectInput, TextInput } from './form-controls';
import { PartyFields } from './party-fields';

const SECTORS = optionsOf(
  SECTOR_CODE_LIST,
  Object.fromEntries(SECTOR_CODE_LIST.map((c) => [c, `${c} — ${SECTOR_CODES[c].label}`])),
);

/** The fields each step judges before moving on (the contract's schema judges them). */
const STEP_FIELDS: FieldPath<ApplicationValues>[][] = [
  ['custId', 'productCode', 'sector', 'purpose', 'repaymentAccount'],
  ['amount', 'term', 'rate', 'salary'],
  ['guarantors', 'collateral'],
];

/**
 * A loan application in three steps, saved as a Draft (new or edited). The contract's schema judges
 * each step; the server's refusals land on their fields, on the step that holds the first of them.
 */
export function ApplicationForm({
  application,
  onSaved,
  onCancel,
}: {
  application?: LoanApplication;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const form = useForm<ApplicationValues, unknown, LoanApplicationBody>({
    defaultValues: application ? valuesOf(application) : EMPTY_APPLICATION,
    resolver: contractResolver(loanApplicationInputSchema, bodyOf),
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveApplication(application?.id ?? null);
  const products = useActiveLoanProducts();
  const salaryLoan = useWatch({ control: form.control, name: 'salaryLoan' });

  function send(body: LoanApplicationBody) {
    setFormError(null);
    save.mutate(body, {
      onSuccess: (res) => onSaved((res as { application: LoanApplication }).application.id),
      onError: (err) => {
        const names = setFieldErrors(form.setError, fieldErrorsFrom(err));
        if (names.length) {
          setStep(stepOf(names[0]!));
          setTimeout(() => form.setFocus(names[0]!), 0);
        } else setFormError(refusalText(err));
      },
    });
  }
  async function next() {
    if (await form.trigger(STEP_FIELDS[step], { shouldFocus: true })) setStep(step + 1);
  }

  const productOptions = (products.data?.rows ?? []).map((p) => [p.code, `${p.code} — ${p.name}`] as const);
  const title = application ? `Edit application ${application.id}` : 'New loan application';
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={title}
        className="space-y-6"
        onSubmit={form.handleSubmit(send, (errors) => setStep(stepOf(Object.keys(errors)[0] ?? '')))}
      >
        <h2 className="text-xl font-semibold">{title}</h2>
        <ol className="flex flex-wrap gap-2 text-sm" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === step ? 'step' : undefined}
              className={i === step ? 'font-semibold' : 'text-muted-foreground'}
            >
              {i + 1}. {s}
            </li>
          ))}
        </ol>
        <div hidden={step !== 0} className="grid gap-3 sm:grid-cols-2">
          <TextInput name="custId" label="Customer number" inputMode="numeric" />
          <SelectInput
            name="productCode"
            label="Loan product"
            options={productOptions.length ? productOptions : [['SAL-SLE', 'SAL-SLE — Salary Loan']]}
          />
          <SelectInput name="sector" label="Purpose (sector)" options={SECTORS} />
          <TextInput name="purpose" label="Purpose in words" />
          <TextInput
            name="repaymentAccount"
            label="Repayment account (the customer's current or savings)"
            inputMode="numeric"
          />
        </div>
        <div hidden={step !== 1} className="grid gap-3 sm:grid-cols-3">
          <TextInput name="amount" label="Amount (Le)" inputMode="decimal" />
          <TextInput name="term" label="Term (instalments)" inputMode="numeric" />
          <TextInput
            name="rate"
            label="Rate (% a year)"
            inputMode="decimal"
            description="Empty: the product's typical rate."
          />
          <div className="sm:col-span-3">
            <CheckboxInput name="salaryLoan" label="Salary loan (deducted from the salary)" />
          </div>
          {salaryLoan ? (
            <>
              <TextInput name="salary.employer" label="Employer" />
              <TextInput name="salary.netMonthlySalary" label="Net monthly salary (Le)" inputMode="decimal" />
              <TextInput
                name="salary.monthlyObligations"
                label="Existing monthly obligations (Le)"
                inputMode="decimal"
              />
            </>
          ) : null}
          {form.formState.errors.salary?.message ? (
            <p role="alert" className="text-destructive sm:col-span-3">
              {form.formState.errors.salary.message}
            </p>
          ) : null}
        </div>
        <div hidden={step !== 2}>
          <PartyFields />
        </div>
        {formError ? (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {step > 0 ? (
            <Button type="button" variant="outline" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {step < STEPS.length - 1 ? (
            // Keys keep Next and Save apart: reusing one element, the click that reveals the last step
            // would land on a submit button and save the draft unasked.
            <Button key="next" type="button" onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button key="save" type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save draft'}
            </Button>
          )}
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
