import { useState } from 'react';
import {
  formatAmount,
  type LoanDetail,
  type LoanPayoffQuote,
  type LoanRepayment,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';
import { useSettleLoan } from '../api/repay-loan';

const newReference = () => `LNS-${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * Early settlement at today's quote: the customer agrees to the total shown, and it is paid from an
 * account (the repayment account by default). A quote that moved since it was shown is refused by the
 * server, never paid at a different figure; the reference keeps a double click to one settlement.
 */
export function SettleLoan({ loan: l, quote: q }: { loan: LoanDetail; quote: LoanPayoffQuote }) {
  const settle = useSettleLoan(l.id);
  const [fromAccount, setFrom] = useState(l.repaymentAccount);
  const [reference] = useState(newReference);
  const [done, setDone] = useState<LoanRepayment | null>(null);
  const fieldError = settle.error ? fieldErrorsFrom(settle.error).fromAccount : undefined;
  const refusal = fieldError ? null : formLevelError(settle.error);
  if (done)
    return (
      <p role="status">
        Settled by {done.reference}: {formatAmount(done.amount)} paid; the loan is {done.loanStatus}.
      </p>
    );
  return (
    <form
      noValidate
      aria-label="Settle the loan"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        settle.mutate({ fromAccount, amount: q.total, reference }, { onSuccess: setDone });
      }}
    >
      <FormField
        id="settle-from"
        label="Pay from account"
        autoComplete="off"
        value={fromAccount}
        onChange={(e) => setFrom(e.target.value)}
        error={fieldError}
      />
      <Button type="submit" disabled={settle.isPending}>
        Settle for {formatAmount(q.total)}
      </Button>
      {refusal ? (
        <p role="alert" className="text-destructive basis-full text-sm">
          {refusal.message}
        </p>
      ) : null}
    </form>
  );
}
