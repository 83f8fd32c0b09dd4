import { useForm } from 'react-hook-form';
import {
  LOAN_CLASSES,
  LOAN_CLASS_LABELS,
  loanDowngradeSchema,
  type LoanClass,
  type LoanDowngradeInput,
} from '@bankmanager/contracts';
import { RequestSent } from '@/components/approvals/request-sent';
import { Field, FieldError } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useDowngradeLoan, useLoanGrading } from '../api/loan-grading';
import { RequestActions, TEXTAREA } from './request-form-parts';

/** The classes worse than both the loan's class and its manual grade: the only ones a downgrade may ask. */
const worseThan = (a: LoanClass, b: LoanClass | null) =>
  LOAN_CLASSES.slice(Math.max(LOAN_CLASSES.indexOf(a), b ? LOAN_CLASSES.indexOf(b) : -1) + 1);

/**
 * Ask for a manual downgrade: only the classes worse than the loan's are offered, a reason is
 * required, and a second person approves it in the inbox. The grade counts from the next end of day.
 */
export function DowngradeForm({ loanId, onClose }: { loanId: number; onClose: () => void }) {
  const grading = useLoanGrading(loanId);
  let body;
  if (grading.isPending) body = <p role="status">Loading the loan’s grade…</p>;
  else if (grading.isError)
    body = (
      <p role="alert" className="text-destructive">
        {grading.error.message}
      </p>
    );
  else {
    const worse = worseThan(grading.data.loanClass, grading.data.manualClass);
    body =
      worse.length === 0 ? (
        <p role="status">The loan is already in the worst class.</p>
      ) : (
        <DowngradeFields loanId={loanId} worse={worse} onClose={onClose} />
      );
  }
  return (
    <section aria-labelledby="downgrade-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="downgrade-heading" className="text-lg font-semibold">
        Manual downgrade
      </h3>
      {body}
    </section>
  );
}

function DowngradeFields({
  loanId,
  worse,
  onClose,
}: {
  loanId: number;
  worse: LoanClass[];
  onClose: () => void;
}) {
  const ask = useDowngradeLoan(loanId);
  const form = useForm<{ loanClass: LoanClass; reason: string }, unknown, LoanDowngradeInput>({
    defaultValues: { loanClass: worse[0]!, reason: '' },
    resolver: contractResolver(loanDowngradeSchema),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    ask.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );
  const refusal = formLevelError(ask.error);
  if (ask.isSuccess) return <RequestSent approvalId={ask.data.approvalId} what="The downgrade" />;
  return (
    <form noValidate aria-label="Manual downgrade" className="grid gap-3" onSubmit={(e) => void submit(e)}>
      <Field id="downgrade-class" label="New grade" error={errors.loanClass?.message}>
        <Select {...form.register('loanClass')}>
          {worse.map((c) => (
            <option key={c} value={c}>
              {LOAN_CLASS_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="downgrade-reason" label="Reason" error={errors.reason?.message}>
        <textarea className={TEXTAREA} maxLength={500} {...form.register('reason')} />
      </Field>
      {refusal ? <FieldError>{refusal.message}</FieldError> : null}
      <RequestActions label="Ask for the downgrade" pending={ask.isPending} onClose={onClose} />
    </form>
  );
}
