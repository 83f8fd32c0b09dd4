import { useState, type FormEvent } from 'react';
import {
  CTR_FILING_PERIODS,
  CTR_LABELS,
  ctrFilingCreateSchema,
  type CtrFiling,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { downloadCtrFiling, usePrepareCtrFiling } from '../api/get-ctr-reports';
import { DateField } from '@/components/ui/date-field';

/**
 * "Prepare filing": the frozen batch of a closed business day or month for the FIU (aml.ctr.file).
 * The same contract schema as the server checks the form; the server's refusal (a day already filed,
 * a day not closed) is shown as it comes.
 */
export function PrepareCtrFiling() {
  const [period, setPeriod] = useState<(typeof CTR_FILING_PERIODS)[number]>('day');
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [filed, setFiled] = useState<CtrFiling | null>(null);
  const prepare = usePrepareCtrFiling();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ctrFilingCreateSchema.safeParse({ period, date });
    if (!parsed.success) {
      setProblem('Choose the day (or a day of the month) to file');
      return;
    }
    setProblem(null);
    prepare.mutate(parsed.data, {
      onSuccess: (f) => setFiled(f),
      onError: (err) => setProblem(err.message),
    });
  }

  return (
    <section aria-labelledby="ctr-filing-heading" className="grid gap-3 rounded-md border p-4">
      <h2 id="ctr-filing-heading" className="text-lg font-semibold">
        Prepare filing
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <Field id="ctr-filing-period" label="Period">
          <Select
            id="ctr-filing-period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as typeof period)}
          >
            {CTR_FILING_PERIODS.map((p) => (
              <option key={p} value={p}>
                {CTR_LABELS.period[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="ctr-filing-date" label={period === 'day' ? 'Business day' : 'A day of the month'}>
          <DateField
            label={period === 'day' ? 'Business day' : 'A day of the month'}
            className="w-44"
            value={date}
            aria-invalid={problem ? true : undefined}
            onChange={setDate}
          />
        </Field>
        <Button type="submit" disabled={prepare.isPending}>
          {prepare.isPending ? 'Preparing…' : 'Prepare filing'}
        </Button>
      </form>
      {problem ? <p role="alert">{problem}</p> : null}
      {filed ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <span>
            Filing <span className="font-mono">{filed.reference}</span> prepared: {filed.reports} CTR(s),
            frozen.
          </span>
          <Button variant="outline" onClick={() => void downloadCtrFiling(filed.id, filed.reference, 'xml')}>
            Download goAML XML
          </Button>
          <Button variant="outline" onClick={() => void downloadCtrFiling(filed.id, filed.reference, 'csv')}>
            Download CSV
          </Button>
        </div>
      ) : null}
    </section>
  );
}
