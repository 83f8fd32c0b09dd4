import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  LOAN_CASH_DISBURSEMENT_TEXT as T,
  TELLER_REFUSAL_TEXT,
  formatCurrency,
  loanCashDisbursementRequestSchema,
  type Currency,
  type LoanCashDisbursement,
  type LoanCashDisbursementQuote,
  type LoanCashDisbursementRequest,
} from '@bankmanager/contracts';
import { HolderVerification } from '@/components/customer/holder-verification';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useCashDisbursementQuote, usePayCashDisbursement } from '../api/loan-disbursement';
import { useEscape, useFocusOnMount, useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { CounterFormHeader } from './kbd';
import { TermGrid } from './term-grid';

type Values = { partyName: string; partyIdNumber: string; identityConfirmed: boolean };

/** The loan's money as the teller reads it to the customer: gross, fees taken, cash paid out. */
export function moneyRows(x: {
  gross: string;
  fees: string;
  net: string;
  currency: string;
}): [string, string][] {
  const c = x.currency as Currency;
  return [
    ['Gross (amount financed)', formatCurrency(x.gross, c)],
    ['Fees at disbursement', formatCurrency(x.fees, c)],
    ['Net paid out in cash', formatCurrency(x.net, c)],
  ];
}

function QuoteCard({ q }: { q: LoanCashDisbursementQuote }) {
  return (
    <section aria-label="Loan to pay out" className="grid gap-3 rounded-lg border p-4">
      <div>
        <p className="text-lg font-semibold">{q.customerName}</p>
        <p className="text-muted-foreground text-sm">
          Application {q.applicationId} · {q.product} · ID on file {q.customerIdNumber ?? '—'} · approved by{' '}
          {q.approvedByEmail}
        </p>
      </div>
      <TermGrid rows={moneyRows(q)} className="sm:grid-cols-3" />
      <HolderVerification customerId={q.custId} />
    </section>
  );
}

/**
 * Loan disbursement in cash, by keyboard like a withdrawal: the application number (Enter finds the
 * approved payout), the loan's gross, fees and net with the borrower's photo and specimen signature,
 * who receives the cash, their ID and the identity check; Enter moves on, the last Enter pays, Esc
 * cancels.
 */
export function LoanDisbursementForm({
  currency,
  onDone,
  onCancel,
}: {
  currency: Currency;
  onDone: (r: LoanCashDisbursement) => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>();
  const [applicationId, setApplicationId] = useState<number | null>(null);
  const quote = useCashDisbursementQuote(applicationId);
  const pay = usePayCashDisbursement();
  const [reference] = useState(() => newReference('LND'));
  const first = useRef<HTMLInputElement | null>(null);
  const area = useEscape(onCancel);
  const formRef = useFormKeys(onCancel, true);
  useFocusOnMount(first);
  const q = quote.data;
  const form = useForm<Values, unknown, LoanCashDisbursementRequest>({
    defaultValues: { partyName: '', partyIdNumber: '', identityConfirmed: false },
    resolver: contractResolver(loanCashDisbursementRequestSchema, (v: Values) => ({ ...v, reference })),
  });
  useEffect(() => {
    // The borrower collects in person: their name and ID on file are what the teller checks.
    if (q)
      form.reset({
        partyName: q.customerName,
        partyIdNumber: q.customerIdNumber ?? '',
        identityConfirmed: false,
      });
  }, [q, form]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    if (!q) return;
    pay.mutate(
      { ...body, applicationId: q.applicationId },
      {
        onSuccess: onDone,
        onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
      },
    );
  });
  const otherCurrency = q && q.currency !== currency;
  const refusal = formLevelError(pay.error);

  return (
    <section aria-label="Loan disbursement" className="grid gap-4">
      <CounterFormHeader title="Loan disbursement" lastEnter="pay out" />
      {q ? null : (
        <div ref={area} className="grid gap-2">
          <form
            aria-label="Find the loan application"
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(typed.trim());
              const ok = /^\d{1,9}$/.test(typed.trim()) && n > 0;
              setNumberError(ok ? undefined : T.applicationNumber);
              if (ok) setApplicationId(n);
            }}
          >
            <FormField
              id="loan-disbursement-application"
              ref={first}
              label="Loan application number"
              description="The number on the approved application. Enter to find it."
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={numberError}
            />
            <Button type="submit">Find</Button>
          </form>
          {quote.isError ? <FieldError>{refusalText(quote.error)}</FieldError> : null}
          {quote.isPending && applicationId !== null ? <p role="status">Finding the loan…</p> : null}
        </div>
      )}
      {q ? (
        <>
          <QuoteCard q={q} />
          {otherCurrency ? <FieldError>{TELLER_REFUSAL_TEXT.wrong_currency}</FieldError> : null}
          <form
            ref={formRef}
            aria-label="Loan disbursement details"
            noValidate
            className="grid gap-4"
            onSubmit={(e) => void submit(e)}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="disb-party-name"
                label="Paid to"
                autoComplete="off"
                {...form.register('partyName')}
                error={errors.partyName?.message}
              />
              <FormField
                id="disb-party-id"
                label="ID number"
                autoComplete="off"
                {...form.register('partyIdNumber')}
                error={errors.partyIdNumber?.message}
              />
            </div>
            <div className="grid gap-1">
              <label className="flex items-center gap-2 text-sm" htmlFor="disb-identity">
                <input
                  id="disb-identity"
                  type="checkbox"
                  className="size-4"
                  {...form.register('identityConfirmed')}
                />
                The person matches the ID document, the photo and the specimen signature above
              </label>
              {errors.identityConfirmed?.message ? (
                <FieldError>{errors.identityConfirmed.message}</FieldError>
              ) : null}
            </div>
            {refusal ? <FieldError>{refusalText(refusal)}</FieldError> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={pay.isPending || Boolean(otherCurrency)}>
                {pay.isPending ? 'Paying…' : `Pay out ${formatCurrency(q.net, q.currency)}`}
              </Button>
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </section>
  );
}
