import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import {
  formatCurrency,
  manualJournalRequestSchema,
  type GlAccount,
  type ManualJournalRequest,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { contractResolver } from '@/lib/contract-resolver';
import { JournalLineFields, type ManualJournalValues } from './journal-line-fields';
import { journalTotals, type DraftLine } from './journal-totals';
import { formErrorsFrom } from './server-errors';

interface Props {
  /** GL accounts that take manual journals. */
  accounts: GlAccount[];
  pending: boolean;
  /** `refused` puts a refusal on the line or field it names, else on the form. */
  onPost: (body: ManualJournalRequest, refused: (err: unknown) => void) => void;
}

const blank = (key: number, side: DraftLine['side']): DraftLine => ({
  key,
  gl_code: '',
  side,
  amount: '',
  currency: 'SLE',
});

/** The request the server would get: the line keys are the form's own, the text is trimmed as typed. */
const toBody = (v: ManualJournalValues) => ({
  narration: v.narration,
  reference: v.reference.trim(),
  lines: v.lines.map((l) => ({
    gl_code: l.gl_code,
    side: l.side,
    amount: l.amount.trim(),
    currency: l.currency,
  })),
});

/** Lines of a manual journal with live totals per currency; Post stays disabled until they balance. */
export function ManualJournalForm({ accounts, pending, onPost }: Props) {
  // A fresh idempotency key per form: posting twice from the same form posts once.
  const [reference] = useState(() => `MJ-${Date.now().toString(36).toUpperCase()}`);
  const form = useForm<ManualJournalValues, unknown, ManualJournalRequest>({
    defaultValues: {
      narration: '',
      reference,
      lines: [blank(1, 'debit'), blank(2, 'credit')],
    },
    resolver: contractResolver(manualJournalRequestSchema, toBody),
  });
  // Line keys: 1 and 2 for the first two lines, then counting up (the inputs' ids are made of them).
  const nextKey = useRef(3);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const narration = useWatch({ control: form.control, name: 'narration' });
  const { totals, postable } = journalTotals(lines);
  const errors = form.formState.errors;

  const refused = (err: unknown) => {
    const typed = form.getValues('lines');
    const found = formErrorsFrom(err, typed);
    for (const [key, message] of Object.entries(found.lines)) {
      const i = typed.findIndex((l) => l.key === Number(key));
      // On the amount, as before the form held its lines: the message itself names the field it means.
      form.setError(`lines.${i}.amount`, { type: 'server', message });
    }
    const loose: string[] = found.form ? [found.form] : [];
    for (const [name, message] of Object.entries(found.fields)) {
      if (name === 'narration' || name === 'reference') form.setError(name, { type: 'server', message });
      else loose.push(`${name}: ${message}`);
    }
    if (loose.length) form.setError('root.server', { type: 'server', message: loose.join('; ') });
  };
  const submit = form.handleSubmit((body) => onPost(body, refused));

  return (
    <form className="grid gap-5" noValidate onSubmit={(e) => void submit(e)}>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          id="mj-narration"
          label="Narration"
          maxLength={140}
          required
          error={errors.narration?.message}
          {...form.register('narration')}
        />
        <FormField
          id="mj-reference"
          label="Reference"
          maxLength={40}
          required
          description="Letters, digits, - and _; posting the same reference twice posts once."
          error={errors.reference?.message}
          {...form.register('reference')}
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Lines</legend>
        {fields.map((f, i) => (
          <JournalLineFields
            key={f.id}
            form={form}
            index={i}
            lineKey={f.key}
            accounts={accounts}
            removable={fields.length > 2}
            onRemove={() => remove(i)}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={() => append(blank(nextKey.current++, 'credit'))}
        >
          <Plus aria-hidden /> Add line
        </Button>
      </fieldset>
      <Table aria-live="polite">
        <TableCaption>Totals per currency</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Currency</TableHead>
            <TableHead align="right">Debits</TableHead>
            <TableHead align="right">Credits</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {totals.map((t) => (
            <TableRow key={t.currency}>
              <TableCell>{t.currency}</TableCell>
              <TableCell align="right" kind="amount">
                {formatCurrency(t.debit, t.currency)}
              </TableCell>
              <TableCell align="right" kind="amount">
                {formatCurrency(t.credit, t.currency)}
              </TableCell>
              <TableCell className={t.balanced ? 'text-green-700 dark:text-green-400' : 'text-destructive'}>
                {t.balanced ? 'Balanced' : 'Not balanced'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.root?.server ? <FieldError>{errors.root.server.message}</FieldError> : null}
      <Button type="submit" className="w-fit" disabled={!postable || !narration.trim() || pending}>
        {pending ? 'Posting...' : 'Post'}
      </Button>
    </form>
  );
}
