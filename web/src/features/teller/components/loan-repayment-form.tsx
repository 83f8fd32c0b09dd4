import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import {
  LOAN_REPAYMENT_TEXT,
  formatCurrency,
  formatDate,
  loanCashRepaymentRequestSchema,
  type Currency,
  type LoanCashRepaymentRequest,
  type LoanRepayment,
  type LoanRepaymentLookup,
} from '@bankmanager/contracts';
import { AccountFinder } from '@/components/account-finder';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useCashLoanRepayment, useCounterLoan } from '../api/loan-repayment';
import { useEscape, useFocusOnMount, useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { AmountField } from './amount-field';
import { CounterFormHeader } from './kbd';
import { TermGrid } from './term-grid';

const EMPTY = { amount: '', partyName: '', partyIdNumber: '', prepay: false };
type Values = typeof EMPTY;

/** What the teller reads to the customer before taking the money. */
function LoanCard({ loan: l }: { loan: LoanRepaymentLookup }) {
  const c = l.currency as Currency;
  const rows: [string, string][] = [
    ['Due now', formatCurrency(l.dueNow, c)],
    [
      'Next due',
      l.nextDue ? `${formatCurrency(l.nextDue.amount, c)} on ${formatDate(l.nextDue.dueDate)}` : '—',
    ],
    ['Arrears', `${formatCurrency(l.arrears, c)}${l.daysPastDue ? ` (${l.daysPastDue} days past due)` : ''}`],
    ['Principal owed', formatCurrency(l.outstanding, c)],
    ['Payoff today', formatCurrency(l.payoff.total, c)],
  ];
  return (
    <section aria-label="Loan at the counter" className="grid gap-3 rounded-lg border p-4">
      <div>
        <p className="text-lg font-semibold">{l.customerName}</p>
        <p className="text-muted-foreground font-mono text-sm">
          {l.accountNumber} · {l.status} · {l.currency}
        </p>
      </div>
      <TermGrid rows={rows} className="sm:grid-cols-5" />
    </section>
  );
}

/**
 * Loan repayment in cash, by keyboard like a deposit: the loan account number (Enter finds it), what
 * is due, the amount (what is due now, as typed in), who paid, and whether money beyond what is due
 * repays principal early (the customer's choice); Enter moves on, the last Enter posts, Esc cancels.
 */
export function LoanRepaymentForm({
  currency,
  onDone,
  onCancel,
}: {
  currency: Currency;
  onDone: (r: LoanRepayment, loan: LoanRepaymentLookup) => void;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState<string | null>(null);
  const loan = useCounterLoan(number);
  const pay = useCashLoanRepayment();
  const [reference] = useState(() => newReference('LNR'));
  const amountRef = useRef<HTMLInputElement | null>(null);
  const first = useRef<HTMLInputElement | null>(null);
  const area = useEscape(onCancel);
  const formRef = useFormKeys(onCancel);
  useFocusOnMount(first);
  const l = loan.data;
  const form = useForm<Values, unknown, LoanCashRepaymentRequest>({
    defaultValues: EMPTY,
    resolver: contractResolver(loanCashRepaymentRequestSchema, ({ prepay, ...v }: Values) => ({
      ...v,
      reference,
      overpayment: prepay ? 'prepay' : 'refuse',
    })),
  });
  const amountField = useController({ control: form.control, name: 'amount' });
  const errors = form.formState.errors;
  useEffect(() => {
    if (!l) return;
    // What is due now; before the next date, that instalment (customers pay it ahead).
    const offer = l.dueNow !== '0.00' ? l.dueNow : l.nextDue?.amount;
    if (offer) form.setValue('amount', offer);
    amountRef.current?.focus();
  }, [l, form]);
  const submit = form.handleSubmit((body) => {
    if (!l) return;
    pay.mutate(
      { ...body, loanId: l.id },
      {
        onSuccess: (r) => onDone(r, l),
        onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
      },
    );
  });
  const otherCurrency = l && l.currency !== currency;
  const refusal = formLevelError(pay.error);

  return (
    <section aria-label="Loan repayment" className="grid gap-4">
      <CounterFormHeader title="Loan repayment" lastEnter="post" />
      {number === null || loan.isError ? (
        <div ref={area} className="grid gap-2">
          <AccountFinder
            id="loan-account-number"
            description="The loan account’s number. Enter to find it."
            inputRef={first}
            onFind={setNumber}
          />
          {loan.isError ? <FieldError>{loan.error.message}</FieldError> : null}
        </div>
      ) : null}
      {loan.isPending && number !== null ? <p role="status">Finding the loan…</p> : null}
      {l ? (
        <>
          <LoanCard loan={l} />
          {otherCurrency ? <FieldError>{LOAN_REPAYMENT_TEXT.wrongCurrency}</FieldError> : null}
          <form
            ref={formRef}
            aria-label="Loan repayment details"
            noValidate
            className="grid gap-4"
            onSubmit={(e) => void submit(e)}
          >
            <AmountField
              id="loan-amount"
              label="Amount"
              currency={l.currency as Currency}
              value={amountField.field.value}
              onChange={amountField.field.onChange}
              inputRef={amountRef}
              error={errors.amount?.message}
            />
            <FormField
              id="loan-party-name"
              label="Paid by"
              autoComplete="off"
              {...form.register('partyName')}
              error={errors.partyName?.message}
            />
            <FormField
              id="loan-party-id"
              label="Payer’s ID number (optional)"
              autoComplete="off"
              {...form.register('partyIdNumber')}
              error={errors.partyIdNumber?.message}
            />
            <label className="flex items-center gap-2 text-sm" htmlFor="loan-prepay">
              <input id="loan-prepay" type="checkbox" className="size-4" {...form.register('prepay')} />
              The customer asks to repay principal early with anything beyond what is due
            </label>
            {refusal ? <FieldError>{refusalText(refusal)}</FieldError> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={pay.isPending || Boolean(otherCurrency)}>
                {pay.isPending ? 'Posting…' : 'Take repayment'}
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

/** The receipt of a loan repayment: what it paid of each part, and what is still owed. */
export function LoanRepaymentReceipt({
  r,
  loan,
  onHome,
}: {
  r: LoanRepayment;
  loan: LoanRepaymentLookup;
  onHome: () => void;
}) {
  const c = loan.currency as Currency;
  const home = useRef<HTMLButtonElement | null>(null);
  useFocusOnMount(home);
  const rows: [string, string][] = [
    ['Loan account', loan.accountNumber],
    ['Customer', loan.customerName],
    ['Amount', formatCurrency(r.amount, c)],
    ['Principal', formatCurrency(r.principal, c)],
    ['Interest', formatCurrency(r.interest, c)],
    ['Fees', formatCurrency(r.fee, c)],
    ['Penalties', formatCurrency(r.penalty, c)],
    ['Principal owed now', formatCurrency(r.outstanding, c)],
    ['Loan', r.loanStatus],
    ['Reference', r.reference],
    ['Value date', formatDate(r.valueDate)],
  ];
  return (
    <section aria-label="Loan repayment receipt" className="grid gap-3 rounded-lg border p-4">
      <h2 className="text-xl font-semibold">Loan repayment received</h2>
      <TermGrid rows={rows} />
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button onClick={() => window.print()}>Print receipt</Button>
        <Button ref={home} variant="outline" onClick={onHome}>
          Back to the counter
        </Button>
      </div>
    </section>
  );
}
