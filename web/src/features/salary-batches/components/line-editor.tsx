import { useEffect, useRef, useState, type FormEvent } from 'react';
import { salaryLineFixSchema, type SalaryLine, type SalaryLineFix } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { issuesByField } from '@/lib/api-errors';
import { FormField } from '@/components/ui/form-field';

/** A line's fix, in place: the same rules as the file's (check digits, amount, narration length). */
export function LineEditor({
  line,
  pending,
  serverErrors,
  onSave,
  onCancel,
}: {
  line: SalaryLine;
  pending: boolean;
  serverErrors: Record<string, string>;
  onSave: (fix: SalaryLineFix) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState({
    account_number: line.account_number,
    amount: line.amount,
    narration: line.narration,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // Keyboard users land in the line they chose to fix.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = salaryLineFixSchema.safeParse(v);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };
  const id = (f: string) => `line-${line.line_no}-${f}`;
  const shown = { ...serverErrors, ...errors };
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_10rem_1fr_auto] sm:items-start"
    >
      <FormField
        id={id('account')}
        label={`Line ${line.line_no} account number`}
        inputMode="numeric"
        value={v.account_number}
        error={shown.account_number}
        onChange={(e) => setV((x) => ({ ...x, account_number: e.target.value }))}
      />
      <FormField
        id={id('amount')}
        label={`Line ${line.line_no} amount`}
        inputMode="decimal"
        value={v.amount}
        error={shown.amount}
        onChange={(e) => setV((x) => ({ ...x, amount: e.target.value }))}
      />
      <FormField
        id={id('narration')}
        label={`Line ${line.line_no} narration`}
        value={v.narration}
        error={shown.narration}
        onChange={(e) => setV((x) => ({ ...x, narration: e.target.value }))}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : `Save line ${line.line_no}`}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
