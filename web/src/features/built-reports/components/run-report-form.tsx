import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  BUILT_REPORTS,
  BUILT_REPORTS_TEXT as T,
  type BuiltReportDef,
  type BuiltReportFormat,
} from '@bankmanager/contracts/built-reports';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRunReport } from '../api/runs';
import { checkParams, ParamsFields, type ParamErrors, type ParamValues } from './params-fields';
import { FormatField } from './format-field';
import { ReportPicker } from './report-picker';

/** Server 400 details (`/params/<field>`) back onto the fields. */
function serverErrors(err: unknown): ParamErrors | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const details = (err.body as { details?: { path?: string; message?: string }[] } | undefined)?.details;
  if (!Array.isArray(details)) return undefined;
  return Object.fromEntries(details.map((d) => [d.path?.split('/').at(-1) ?? 'params', d.message ?? '']));
}

/** Pick a report, fill its typed parameters, choose where it goes; the run is queued in the background. */
export function RunReportForm({ onQueued }: { onQueued: () => void }) {
  const [report, setReport] = useState<BuiltReportDef>(BUILT_REPORTS[0]);
  const [values, setValues] = useState<ParamValues>({});
  const [errors, setErrors] = useState<ParamErrors>({});
  const [format, setFormat] = useState<BuiltReportFormat>('screen');
  const run = useRunReport();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkParams(report, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    run.mutate(
      { reportId: report.id, params: checked.params, format },
      {
        onSuccess: () => {
          toast({ title: T.queued, variant: 'success' });
          onQueued();
        },
        onError: (err) => {
          const fields = serverErrors(err);
          if (fields) setErrors(fields);
          else toast({ title: err.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Run a report">
      <ReportPicker
        id="run-report"
        value={report.id}
        onChange={(r) => {
          setReport(r);
          setErrors({});
        }}
      />
      <p className="text-muted-foreground text-sm">{report.description}</p>
      {report.screen ? (
        <p className="text-sm">
          {T.notRunnable}:{' '}
          <Link className="underline" to={report.screen}>
            open {report.title}
          </Link>
        </p>
      ) : (
        <>
          <ParamsFields idPrefix="run" report={report} values={values} errors={errors} onChange={setValues} />
          {errors.params ? <p className="text-destructive text-sm">{errors.params}</p> : null}
          <FormatField id="run-format" value={format} onChange={setFormat} />
          <div>
            <Button type="submit" disabled={run.isPending}>
              Run report
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
