import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import {
  TELLER_REFUSAL_TEXT,
  cashDepositSchema,
  cashWithdrawalSchema,
  type CashDeposit,
  type CashWithdrawal,
  type Currency,
  type TellerTransaction,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useCounterAccount } from '../api/get-counter-account';
import { useTakeCash, type CashInput } from '../api/take-cash';
import { useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { AccountCard } from './account-card';
import { AccountLookup } from './account-lookup';
import { AmountField } from './amount-field';
import { CounterFormHeader } from './kbd';

export type CashKind = 'deposit' | 'withdrawal';

// Named as the request's fields, so the contract's and the server's messages land on them as they are.
const EMPTY = { amount: '', partyName: '', partyIdNumber: '', narration: '', signatureConfirmed: false };
type Values = typeof EMPTY;

/**
 * A cash deposit or withdrawal, by keyboard from start to end: the account (Enter finds it), the
 * amount (in figures and words), the person at the counter and their ID, the narration, for a
 * withdrawal the signature check; Enter moves on and the last Enter posts; Esc cancels.
 */
export function CashForm({
  kind,
  currency,
  onDone,
  onCancel,
}: {
  kind: CashKind;
  currency: Currency;
  onDone: (t: TellerTransaction) => void;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState<string | null>(null);
  const account = useCounterAccount(number);
  const take = useTakeCash();
  const [reference] = useState(() => newReference(kind === 'deposit' ? 'DEP' : 'WDL'));
  const amountRef = useRef<HTMLInputElement | null>(null);
  const formRef = useFormKeys(onCancel);
  const a = account.data;
  // A deposit and a withdrawal are judged by their own route's schema (a withdrawal adds the signature).
  const form = useForm<Values, unknown, CashDeposit | CashWithdrawal>({
    defaultValues: EMPTY,
    resolver: contractResolver(
      kind === 'deposit' ? cashDepositSchema : cashWithdrawalSchema,
      ({ signatureConfirmed, ...v }: Values) => ({
        ...v,
        reference,
        accountNumber: a?.accountNumber ?? '',
        ...(kind === 'withdrawal' ? { signatureConfirmed } : {}),
      }),
    ),
  });
  const amountField = useController({ control: form.control, name: 'amount' });
  const errors = form.formState.errors;
  // Once the account is on screen, the amount is next.
  useEffect(() => {
    if (a) amountRef.current?.focus();
  }, [a]);
  const submit = form.handleSubmit((body) =>
    // The schema that judged the body is the kind's own, so the pair is one of CashInput's.
    take.mutate({ ...body, kind } as CashInput, {
      onSuccess: onDone,
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const otherCurrency = a && a.currency !== currency;
  const title = kind === 'deposit' ? 'Cash deposit' : 'Cash withdrawal';
  const refusal = formLevelError(take.error);

  return (
    <section aria-label={title} className="grid gap-4">
      <CounterFormHeader title={title} lastEnter="post" />
      {number === null || account.isError ? (
        <>
          <AccountLookup onFound={setNumber} onCancel={onCancel} />
          {account.isError ? <FieldError>{account.error.message}</FieldError> : null}
        </>
      ) : null}
      {account.isPending && number !== null ? <p role="status">Finding the account…</p> : null}
      {a ? (
        <>
          <AccountCard account={a} />
          {otherCurrency ? <FieldError>{TELLER_REFUSAL_TEXT.wrong_currency}</FieldError> : null}
          <form
            ref={formRef}
            aria-label={`${title} details`}
            noValidate
            className="grid gap-4"
            onSubmit={(e) => void submit(e)}
          >
            <AmountField
              id="cash-amount"
              label="Amount"
              currency={a.currency}
              value={amountField.field.value}
              onChange={amountField.field.onChange}
              inputRef={amountRef}
              error={errors.amount?.message}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="cash-party-name"
                label={kind === 'deposit' ? 'Depositor’s name' : 'Bearer’s name'}
                autoComplete="off"
                {...form.register('partyName')}
                error={errors.partyName?.message}
              />
              <FormField
                id="cash-party-id"
                label="ID number"
                autoComplete="off"
                {...form.register('partyIdNumber')}
                error={errors.partyIdNumber?.message}
              />
            </div>
            <FormField
              id="cash-narration"
              label="Narration"
              autoComplete="off"
              {...form.register('narration')}
              error={errors.narration?.message}
            />
            {kind === 'withdrawal' ? (
              <div className="grid gap-1">
                <label className="flex items-center gap-2 text-sm" htmlFor="cash-signature">
                  <input
                    id="cash-signature"
                    type="checkbox"
                    className="size-4"
                    {...form.register('signatureConfirmed')}
                  />
                  The bearer’s signature matches the specimen above
                </label>
                {errors.signatureConfirmed?.message ? (
                  <FieldError>{errors.signatureConfirmed.message}</FieldError>
                ) : null}
              </div>
            ) : null}
            {refusal ? <FieldError>{refusalText(refusal)}</FieldError> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={take.isPending || Boolean(otherCurrency)}>
                {take.isPending ? 'Posting…' : kind === 'deposit' ? 'Take deposit' : 'Pay withdrawal'}
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
