import { Trash2 } from 'lucide-react';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import type { GlAccount, ManualJournalRequest } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { DraftLine } from './journal-totals';

export interface ManualJournalValues {
  narration: string;
  reference: string;
  lines: DraftLine[];
}

interface Props {
  form: UseFormReturn<ManualJournalValues, unknown, ManualJournalRequest>;
  index: number;
  /** The line's lasting number: its inputs' ids stay put when an earlier line is removed. */
  lineKey: number;
  accounts: GlAccount[];
  removable: boolean;
  onRemove: () => void;
}

/** One line of the manual journal: GL account, side, amount and currency, each with its message. */
export function JournalLineFields({ form, index: i, lineKey, accounts, removable, onRemove }: Props) {
  const { register, setValue } = form;
  const err = form.formState.errors.lines?.[i];
  const currencyOf = (code: string) => accounts.find((a) => a.code === code)?.currency;
  const account = register(`lines.${i}.gl_code`, {
    onChange: (e: { target: { value: string } }) => {
      const c = currencyOf(e.target.value);
      if (c === 'SLE' || c === 'USD') setValue(`lines.${i}.currency`, c);
    },
  });
  const gl = useWatch({ control: form.control, name: `lines.${i}.gl_code` });
  const kept = currencyOf(gl);
  const id = (f: string) => `mj-line-${lineKey}-${f}`;
  return (
    <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end">
      <Field id={id('account')} label={`Line ${i + 1} account`} error={err?.gl_code?.message}>
        <Select {...account}>
          <option value="">Choose a GL account</option>
          {accounts.map((a) => (
            <option key={a.code} value={a.code}>{`${a.code} ${a.name}`}</option>
          ))}
        </Select>
      </Field>
      <Field id={id('side')} label={`Line ${i + 1} side`} error={err?.side?.message}>
        <Select {...register(`lines.${i}.side`)}>
          <option value="debit">Debit</option>
          <option value="credit">Credit</option>
        </Select>
      </Field>
      <Field id={id('amount')} label={`Line ${i + 1} amount`} error={err?.amount?.message}>
        <Input inputMode="decimal" placeholder="0.00" autoComplete="off" {...register(`lines.${i}.amount`)} />
      </Field>
      <CurrencyField
        control={form.control}
        index={i}
        id={id('currency')}
        locked={kept === 'SLE' || kept === 'USD'}
        error={err?.currency?.message}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Remove line ${i + 1}`}
        disabled={!removable}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/**
 * The line's currency, fixed by a GL account that keeps one currency only. Held by the form rather
 * than read from the select, so a locked (disabled) select still posts its value.
 */
function CurrencyField({
  control,
  index,
  id,
  locked,
  error,
}: {
  control: Control<ManualJournalValues, unknown, ManualJournalRequest>;
  index: number;
  id: string;
  locked: boolean;
  error?: string;
}) {
  const { field } = useController({ control, name: `lines.${index}.currency` });
  const { name, value, onBlur, onChange } = field;
  return (
    <Field id={id} label={`Line ${index + 1} currency`} error={error}>
      <Select
        name={name}
        value={value}
        disabled={locked}
        onBlur={onBlur}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="SLE">SLE</option>
        <option value="USD">USD</option>
      </Select>
    </Field>
  );
}
