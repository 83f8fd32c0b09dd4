import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  formatAmount,
  loanRepaymentRequestSchema,
  type LoanDetail,
  type LoanRepayment,
  type LoanRepaymentRequest,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useRepayLoan } from '../api/repay-loan';

const newReference = () => `LNR-${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * Record a repayment by transfer from a customer account (the repayment account by default). Money
 * beyond what is due is refused unless the customer asks to prepay; the reference keeps a double
 * submit to one repayment.
 */
export function RepaymentForm({ loan: l, onClose }: { loan: LoanDetail; onClose: () => void }) {
  const repay = useRepayLoan(l.id);
  const [reference, setReference] = useState(newReference);
  const [done, setDone] = useState<LoanRepayment | null>(null);
  const defaults = { fromAccount: l.repaymentAccount, amount: l.nextDue?.amount ?? '', prepay: false };
  const form = useForm<typeof defaults, unknown, LoanRepaymentRequest>({
    defaultValues: defaults,
    resolver: contractResolver(loanRepaymentRequestSchema, ({ prepay, ...v }: typeof defaults) => ({
      ...v,
      reference,
      overpayment: prepay ? 'prepay' : 'refuse',
    })),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    repay.mutate(body, {
      onSuccess: (r) => {
        setDone(r);
        setReference(newReference());
      },
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const refusal = formLevelError(repay.error);
  return (
    <section aria-labelledby="repay-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="repay-heading" className="text-lg font-semibold">
        Record repayment
      </h3>
      {done ? (
        <p role="status">
          Repayment {done.reference} posted: principal {formatAmount(done.principal)}, interest{' '}
          {formatAmount(done.interest)}, fees {formatAmount(done.fee)}, penalties {formatAmount(done.penalty)}
          . Principal owed {formatAmount(done.outstanding)}; the loan is {done.loanStatus}.
        </p>
      ) : null}
      <form
        noValidate
        aria-label="Repayment by transfer"
        className="grid gap-3"
        onSubmit={(e) => void submit(e)}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="repay-from"
            label="From account"
            autoComplete="off"
            {...form.register('fromAccount')}
            error={errors.fromAccount?.message}
          />
          <FormField
            id="repay-amount"
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            {...form.register('amount')}
            error={errors.amount?.message}
          />
        </div>
        <label className="flex items-center gap-2 text-sm" htmlFor="repay-prepay">
          <input id="repay-prepay" type="checkbox" className="size-4" {...form.register('prepay')} />
          The customer asks to repay principal early with anything beyond what is due
        </label>
        {refusal ? <FieldError>{refusal.message}</FieldError> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={repay.isPending}>
            {repay.isPending ? 'Posting…' : 'Post repayment'}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </section>
  );
}
