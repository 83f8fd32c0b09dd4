import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  STATEMENT_BATCH_TEXT as T,
  statementBatchCreateSchema,
  type StatementBatch,
  type StatementBatchCreate,
} from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toast } from '@/lib/toast';
import { useStartStatementBatch } from '../api/statement-batches';

interface Values {
  period: 'month' | 'range';
  /** The month end chosen, ISO. */
  monthEnd: string;
  from: string;
  to: string;
  scope: StatementBatchCreate['scope'];
  format: StatementBatchCreate['format'];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The last 12 month ends on or before the business date, newest first. */
export function monthEndsUpTo(businessDate: string): string[] {
  const [y, m, d] = businessDate.split('-').map(Number) as [number, number, number];
  const lastOfThisMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const first = d === lastOfThisMonth ? 0 : 1;
  return Array.from({ length: 12 }, (_, i) => iso(new Date(Date.UTC(y, m - 1 - first - i + 1, 0))));
}
const monthStart = (monthEnd: string) => `${monthEnd.slice(0, 8)}01`;

/**
 * Chooses what to print: a month end or a date range, every account of the branch or those with
 * postings in the period, a ZIP of one PDF per account or one merged PDF per branch. The branch is the
 * header's for a user who sees every branch (none chosen: every branch), the user's own otherwise.
 */
export function BatchForm({
  businessDate,
  branch,
  bankWide,
  onStarted,
}: {
  businessDate: string;
  /** The header's branch (a bank-wide user's choice); null: every branch. */
  branch: string | null;
  bankWide: boolean;
  onStarted: (b: StatementBatch) => void;
}) {
  const monthEnds = useMemo(() => monthEndsUpTo(businessDate), [businessDate]);
  const defaults = useMemo<Values>(
    () => ({
      period: 'month',
      monthEnd: monthEnds[0]!,
      from: monthStart(businessDate),
      to: businessDate,
      scope: 'activity',
      format: 'zip',
    }),
    [monthEnds, businessDate],
  );
  const schema = useMemo(
    () =>
      statementBatchCreateSchema
        .refine((q) => q.to <= businessDate, { message: T.endAfterToday, path: ['to'] })
        .refine((q) => !(bankWide && q.scope === 'branch' && q.branch === undefined), {
          message: `${T.branchRequired} (in the header)`,
          path: ['scope'],
        }),
    [businessDate, bankWide],
  );
  const form = useForm<Values, unknown, StatementBatchCreate>({
    defaultValues: defaults,
    values: defaults,
    resolver: contractResolver(schema, (v: Values) => ({
      ...(v.period === 'month'
        ? { from: monthStart(v.monthEnd), to: v.monthEnd }
        : { from: v.from, to: v.to }),
      scope: v.scope,
      format: v.format,
      ...(bankWide && branch !== null ? { branch } : {}),
    })),
  });
  const [period, from, to] = useWatch({ control: form.control, name: ['period', 'from', 'to'] });
  const errors = form.formState.errors;
  const start = useStartStatementBatch();

  const submit = form.handleSubmit(async (body) => {
    try {
      const b = await start.mutateAsync(body);
      toast({ title: T.started, description: `Batch ${b.id}`, variant: 'success' });
      onStarted(b);
    } catch (err) {
      if (setFieldErrors(form.setError, fieldErrorsFrom(err)).length > 0) return;
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'The batch was not started',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label={T.title}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="statements-period" label="Period">
          <Select {...form.register('period')}>
            <option value="month">{T.month}</option>
            <option value="range">{T.range}</option>
          </Select>
        </Field>
        {period === 'month' ? (
          <Field id="statements-month" label="Month">
            <Select {...form.register('monthEnd')}>
              {monthEnds.map((d) => (
                <option key={d} value={d}>
                  {`${formatDate(monthStart(d))} to ${formatDate(d)}`}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <>
            <Controller
              control={form.control}
              name="from"
              render={({ field }) => (
                <Field id="statements-from" label="From" error={errors.from?.message}>
                  <DateField label="From" required max={to} value={field.value} onChange={field.onChange} />
                </Field>
              )}
            />
            <Controller
              control={form.control}
              name="to"
              render={({ field }) => (
                <Field id="statements-to" label="To" error={errors.to?.message}>
                  <DateField
                    label="To"
                    required
                    min={from}
                    max={businessDate}
                    value={field.value}
                    onChange={field.onChange}
                  />
                </Field>
              )}
            />
          </>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="statements-scope"
          label="Accounts"
          error={errors.scope?.message}
          description={
            bankWide
              ? branch === null
                ? 'Every branch (choose one in the header to narrow).'
                : `Branch ${branch} (chosen in the header).`
              : 'Your branch.'
          }
        >
          <Select {...form.register('scope')}>
            <option value="activity">{T.scopeActivity}</option>
            <option value="branch">{T.scopeBranch}</option>
          </Select>
        </Field>
        <Field id="statements-format" label="Output" error={errors.format?.message}>
          <Select {...form.register('format')}>
            <option value="zip">{T.formatZip}</option>
            <option value="merged">{T.formatMerged}</option>
          </Select>
        </Field>
      </div>
      <Button type="submit" className="justify-self-start" disabled={start.isPending}>
        {start.isPending ? 'Starting...' : T.start}
      </Button>
    </form>
  );
}
