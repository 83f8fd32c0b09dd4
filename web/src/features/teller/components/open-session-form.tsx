import { useCallback, useRef, useState } from 'react';
import { countTotal, formatCurrency, type Currency, type DenominationCounts } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom } from '@/lib/api-errors';
import { useOpenSession } from '../api/open-session';
import { useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { AmountField } from './amount-field';
import { CountCheck } from './count-check';
import { DenominationGrid } from './denomination-grid';

/**
 * Opens the teller's till: its code, currency, and the allocation from the vault counted note by
 * note. The reference is made once per attempt, so a double submit opens one till.
 */
export function OpenSessionForm({ branch }: { branch: string | null }) {
  const open = useOpenSession();
  const [tillCode, setTillCode] = useState('TILL-1');
  const [currency, setCurrency] = useState<Currency>('SLE');
  const [total, setTotal] = useState('');
  const [counts, setCounts] = useState<DenominationCounts>({});
  const reference = useRef(newReference('OPN'));
  const fields = fieldErrorsFrom(open.error);
  const { reset } = open;
  // The till's code takes the focus; Enter goes through the grid; Esc clears a refusal.
  const formRef = useFormKeys(
    useCallback(() => reset(), [reset]),
    true,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Open your till</CardTitle>
        <CardDescription>
          Count the allocation the vault hands you, note by note. {branch ? `Branch ${branch}.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          aria-label="Open your till"
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            open.mutate({
              reference: reference.current,
              tillCode,
              currency,
              allocation: { denominations: counts, total: total || '0' },
              ...(branch ? { branch } : {}),
            });
          }}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id="till-code"
              label="Till"
              autoComplete="off"
              value={tillCode}
              onChange={(e) => setTillCode(e.target.value)}
              error={fields.tillCode}
            />
            <Field id="till-currency" label="Currency">
              <Select
                value={currency}
                onChange={(e) => {
                  setCurrency(e.target.value as Currency);
                  setCounts({});
                }}
              >
                <option value="SLE">Leones (SLE)</option>
                <option value="USD">US dollars (USD)</option>
              </Select>
            </Field>
            <AmountField
              id="allocation-total"
              label="Allocation"
              currency={currency}
              value={total}
              onChange={setTotal}
            />
          </div>
          <DenominationGrid
            id="allocation"
            caption="Allocation by denomination"
            currency={currency}
            counts={counts}
            onChange={setCounts}
          />
          <CountCheck currency={currency} counted={countTotal(currency, counts)} total={total || '0'} />
          {open.isError ? <FieldError>{refusalText(open.error)}</FieldError> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={open.isPending}>
              {open.isPending ? 'Opening…' : `Open till with ${formatCurrency(total || '0', currency)}`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
