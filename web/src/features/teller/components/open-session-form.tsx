import { useCallback, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import {
  countTotal,
  formatCurrency,
  sessionOpenSchema,
  type Currency,
  type DenominationCounts,
  type SessionOpen,
  type Till,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useMyTills } from '../api/get-my-tills';
import { useOpenSession } from '../api/open-session';
import { useFormKeys } from '../lib/keyboard';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { AmountField } from './amount-field';
import { CountCheck } from './count-check';
import { DenominationGrid } from './denomination-grid';

// Named as the request's fields, so the contract's and the server's messages land on them as they are.
interface Values {
  tillCode: string;
  currency: Currency;
  allocation: { total: string; denominations: DenominationCounts };
}

/**
 * Opens the teller's till: which till, the currency, and the allocation from the vault counted note by
 * note. The reference is made once per attempt, so a double submit opens one till.
 */
export function OpenSessionForm({ branch }: { branch: string | null }) {
  const tills = useMyTills(branch);
  // The register decides once it has loaded: the form starts with the teller's own till chosen.
  if (tills.isPending) return <p role="status">Loading your branch’s tills…</p>;
  const list = tills.data ?? [];
  const own = list.find((t) => t.assignedTellerId !== null)?.code ?? (list.length === 1 ? list[0]!.code : '');
  return <OpenForm branch={branch} tills={list} initialTill={own} />;
}

function OpenForm({
  branch,
  tills,
  initialTill,
}: {
  branch: string | null;
  /** The branch's tills this teller may open; none: a branch not yet set up types the code. */
  tills: Till[];
  initialTill: string;
}) {
  const open = useOpenSession();
  const [reference] = useState(() => newReference('OPN'));
  const form = useForm<Values, unknown, SessionOpen>({
    defaultValues: { tillCode: initialTill, currency: 'SLE', allocation: { total: '', denominations: {} } },
    // An empty total is an allocation of nothing.
    resolver: contractResolver(sessionOpenSchema, (v: Values) => ({
      ...v,
      reference,
      allocation: { ...v.allocation, total: v.allocation.total || '0' },
      ...(branch ? { branch } : {}),
    })),
  });
  const totalField = useController({ control: form.control, name: 'allocation.total' });
  const [currency, total, counts] = useWatch({
    control: form.control,
    name: ['currency', 'allocation.total', 'allocation.denominations'],
  });
  const errors = form.formState.errors;
  const { reset } = open;
  // The till's code takes the focus; Enter goes through the grid; Esc clears a refusal.
  const formRef = useFormKeys(
    useCallback(() => reset(), [reset]),
    true,
  );
  const submit = form.handleSubmit((body) =>
    open.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );
  const refusal = formLevelError(open.error);
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
          onSubmit={(e) => void submit(e)}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            {tills.length > 0 ? (
              <Field id="till-code" label="Till" error={errors.tillCode?.message}>
                <Select {...form.register('tillCode')}>
                  <option value="">Choose your till</option>
                  {tills.map((t) => (
                    <option key={t.id} value={t.code}>
                      {t.code} — {t.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <FormField
                id="till-code"
                label="Till"
                autoComplete="off"
                placeholder="TILL-1"
                {...form.register('tillCode')}
                error={errors.tillCode?.message}
              />
            )}
            <Field id="till-currency" label="Currency" error={errors.currency?.message}>
              <Select
                {...form.register('currency', {
                  // Notes of one currency are not notes of the other.
                  onChange: () => form.setValue('allocation.denominations', {}),
                })}
              >
                <option value="SLE">Leones (SLE)</option>
                <option value="USD">US dollars (USD)</option>
              </Select>
            </Field>
            <AmountField
              id="allocation-total"
              label="Allocation"
              currency={currency}
              value={totalField.field.value}
              onChange={totalField.field.onChange}
              error={totalField.fieldState.error?.message}
            />
          </div>
          <DenominationGrid
            id="allocation"
            caption="Allocation by denomination"
            currency={currency}
            counts={counts}
            onChange={(next) => form.setValue('allocation.denominations', next)}
          />
          <CountCheck currency={currency} counted={countTotal(currency, counts)} total={total || '0'} />
          {refusal ? <FieldError>{refusalText(refusal)}</FieldError> : null}
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
