import { useEffect, useRef, useState } from 'react';
import {
  TELLER_REFUSAL_TEXT,
  TELLER_TEXT,
  type Currency,
  type TellerTransaction,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom } from '@/lib/api-errors';
import { useCounterAccount } from '../api/get-counter-account';
import { useTakeCash } from '../api/take-cash';
import { useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { AccountCard } from './account-card';
import { AccountLookup } from './account-lookup';
import { AmountField } from './amount-field';
import { ShortcutBar } from './kbd';

export type CashKind = 'deposit' | 'withdrawal';

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
  const reference = useRef(newReference(kind === 'deposit' ? 'DEP' : 'WDL'));
  const amountRef = useRef<HTMLInputElement | null>(null);
  const formRef = useFormKeys(onCancel);
  const [amount, setAmount] = useState('');
  const [partyName, setPartyName] = useState('');
  const [partyIdNumber, setPartyIdNumber] = useState('');
  const [narration, setNarration] = useState('');
  const [signature, setSignature] = useState(false);
  const a = account.data;
  // Once the account is on screen, the amount is next.
  useEffect(() => {
    if (a) amountRef.current?.focus();
  }, [a]);
  const fields = fieldErrorsFrom(take.error);
  const otherCurrency = a && a.currency !== currency;
  const title = kind === 'deposit' ? 'Cash deposit' : 'Cash withdrawal';

  return (
    <section aria-label={title} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        <ShortcutBar
          items={[
            ['Enter', 'next field / post'],
            ['Esc', 'cancel'],
          ]}
        />
      </div>
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
            onSubmit={(e) => {
              e.preventDefault();
              const common = {
                reference: reference.current,
                accountNumber: a.accountNumber,
                amount,
                partyName,
                partyIdNumber,
                narration,
              };
              take.mutate(
                kind === 'deposit'
                  ? { kind, ...common }
                  : { kind, ...common, signatureConfirmed: signature as true },
                { onSuccess: onDone },
              );
            }}
          >
            <AmountField
              id="cash-amount"
              label="Amount"
              currency={a.currency}
              value={amount}
              onChange={setAmount}
              inputRef={amountRef}
              error={fields.amount}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="cash-party-name"
                label={kind === 'deposit' ? 'Depositor’s name' : 'Bearer’s name'}
                autoComplete="off"
                value={partyName}
                onChange={(e) => setPartyName(e.target.value)}
                error={fields.partyName}
              />
              <FormField
                id="cash-party-id"
                label="ID number"
                autoComplete="off"
                value={partyIdNumber}
                onChange={(e) => setPartyIdNumber(e.target.value)}
                error={fields.partyIdNumber}
              />
            </div>
            <FormField
              id="cash-narration"
              label="Narration"
              autoComplete="off"
              value={narration}
              onChange={(e) => setNarration(e.target.value)}
              error={fields.narration}
            />
            {kind === 'withdrawal' ? (
              <div className="grid gap-1">
                <label className="flex items-center gap-2 text-sm" htmlFor="cash-signature">
                  <input
                    id="cash-signature"
                    type="checkbox"
                    className="size-4"
                    checked={signature}
                    onChange={(e) => setSignature(e.target.checked)}
                  />
                  The bearer’s signature matches the specimen above
                </label>
                {fields.signatureConfirmed ? <FieldError>{TELLER_TEXT.signatureRequired}</FieldError> : null}
              </div>
            ) : null}
            {take.isError && !Object.keys(fields).length ? (
              <FieldError>{refusalText(take.error)}</FieldError>
            ) : null}
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
