import { useState } from 'react';
import { LOAN_REPORT_TEXT, bankCapitalBodySchema } from '@bankmanager/contracts/lending/loan-reports';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useSetCapital } from '../api/capital';

/**
 * The month's capital for the large exposures report, for finance (`returns.prepare`): checked by the
 * same schema as the server's, saved by one person with its audit row (it moves no money).
 */
export function CapitalForm({ month }: { month: string }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetCapital();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = bankCapitalBodySchema.safeParse({ amount });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        save.mutate({ month, body: parsed.data });
      }}
    >
      <FormField
        id="loan-report-capital"
        label={`Capital for ${month} (Le)`}
        inputMode="decimal"
        value={amount}
        error={error}
        onChange={(e) => setAmount(e.target.value)}
        className="w-56"
      />
      <Button type="submit" disabled={save.isPending}>
        Save capital
      </Button>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {LOAN_REPORT_TEXT.capitalSaved}
        </p>
      ) : save.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}
