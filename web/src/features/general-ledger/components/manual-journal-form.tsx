import { useMemo, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { formatCurrency, type GlAccount } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { journalTotals, type DraftLine } from './journal-totals';
import type { FormErrors } from './server-errors';

export interface ManualJournalValues {
  narration: string;
  reference: string;
  lines: DraftLine[];
}

interface Props {
  /** GL accounts that take manual journals. */
  accounts: GlAccount[];
  errors: FormErrors;
  pending: boolean;
  onPost: (v: ManualJournalValues) => void;
}

const blank = (key: number, side: DraftLine['side']): DraftLine => ({
  key,
  gl_code: '',
  side,
  amount: '',
  currency: 'SLE',
});

/** Lines of a manual journal with live totals per currency; Post stays disabled until they balance. */
export function ManualJournalForm({ accounts, errors, pending, onPost }: Props) {
  const [narration, setNarration] = useState('');
  const [reference, setReference] = useState(() => `MJ-${Date.now().toString(36).toUpperCase()}`);
  const [lines, setLines] = useState<DraftLine[]>(() => [blank(1, 'debit'), blank(2, 'credit')]);
  // Line keys: 1 and 2 for the first two lines, then counting up (server errors are shown by key).
  const nextKey = useRef(3);
  const { totals, postable } = useMemo(() => journalTotals(lines), [lines]);
  const update = (key: number, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const currencyOf = (code: string) => accounts.find((a) => a.code === code)?.currency;

  return (
    <form
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (postable && narration.trim()) onPost({ narration, reference, lines });
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          id="mj-narration"
          label="Narration"
          value={narration}
          maxLength={140}
          required
          error={errors.fields.narration}
          onChange={(e) => setNarration(e.target.value)}
        />
        <FormField
          id="mj-reference"
          label="Reference"
          value={reference}
          maxLength={40}
          required
          description="Letters, digits, - and _; posting the same reference twice posts once."
          error={errors.fields.reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Lines</legend>
        {lines.map((l, i) => {
          const err = errors.lines[l.key];
          const kept = currencyOf(l.gl_code);
          return (
            <div
              key={l.key}
              className="grid gap-2 rounded-md border p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
            >
              <Field id={`mj-line-${l.key}-account`} label={`Line ${i + 1} account`}>
                <Select
                  value={l.gl_code}
                  onChange={(e) => {
                    const c = currencyOf(e.target.value);
                    update(l.key, {
                      gl_code: e.target.value,
                      ...(c === 'SLE' || c === 'USD' ? { currency: c } : {}),
                    });
                  }}
                >
                  <option value="">Choose a GL account</option>
                  {accounts.map((a) => (
                    <option key={a.code} value={a.code}>{`${a.code} ${a.name}`}</option>
                  ))}
                </Select>
              </Field>
              <Field id={`mj-line-${l.key}-side`} label={`Line ${i + 1} side`}>
                <Select
                  value={l.side}
                  onChange={(e) => update(l.key, { side: e.target.value as DraftLine['side'] })}
                >
                  <option value="debit">Debit</option>
                  <option value="credit">Credit</option>
                </Select>
              </Field>
              <Field id={`mj-line-${l.key}-amount`} label={`Line ${i + 1} amount`} error={err}>
                <Input
                  inputMode="decimal"
                  value={l.amount}
                  placeholder="0.00"
                  autoComplete="off"
                  onChange={(e) => update(l.key, { amount: e.target.value })}
                />
              </Field>
              <Field id={`mj-line-${l.key}-currency`} label={`Line ${i + 1} currency`}>
                <Select
                  value={l.currency}
                  disabled={kept === 'SLE' || kept === 'USD'}
                  onChange={(e) => update(l.key, { currency: e.target.value as DraftLine['currency'] })}
                >
                  <option value="SLE">SLE</option>
                  <option value="USD">USD</option>
                </Select>
              </Field>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={`Remove line ${i + 1}`}
                disabled={lines.length <= 2}
                onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={() => setLines((ls) => [...ls, blank(nextKey.current++, 'credit')])}
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
      {errors.form ? <FieldError>{errors.form}</FieldError> : null}
      <Button type="submit" className="w-fit" disabled={!postable || !narration.trim() || pending}>
        {pending ? 'Posting...' : 'Post'}
      </Button>
    </form>
  );
}
