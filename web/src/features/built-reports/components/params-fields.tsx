import {
  REPORT_PARAM_LABELS,
  reportParamsSchema,
  type BuiltReportDef,
  type ReportParam,
} from '@bankmanager/contracts/built-reports';
import { DateField } from '@/components/ui/date-field';
import { Field, FormField } from '@/components/ui/form-field';

export type ParamValues = Partial<Record<ReportParam, string>>;
export type ParamErrors = Partial<Record<string, string>>;

/** The report's own schema (the server checks the same one): the values to send, or the errors by field. */
export function checkParams(
  report: BuiltReportDef,
  values: ParamValues,
): { ok: true; params: Record<string, string> } | { ok: false; errors: ParamErrors } {
  const own = Object.fromEntries(report.params.map((p) => [p, values[p] ?? '']));
  const parsed = reportParamsSchema(report).safeParse(own);
  if (parsed.success) {
    const params = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v)) as Record<
      string,
      string
    >;
    return { ok: true, params };
  }
  const errors: ParamErrors = {};
  for (const i of parsed.error.issues) errors[String(i.path[0] ?? 'params')] ??= i.message;
  return { ok: false, errors };
}

/** One field per parameter the report takes: dates day first, branch and product as codes. */
export function ParamsFields({
  idPrefix,
  report,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  report: BuiltReportDef;
  values: ParamValues;
  errors: ParamErrors;
  onChange: (values: ParamValues) => void;
}) {
  const set = (p: ReportParam, v: string) => onChange({ ...values, [p]: v });
  const optional = (p: ReportParam) => (report.required.includes(p) ? '' : ' (optional)');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {report.params.map((p) => {
        const id = `${idPrefix}-${p}`;
        const label = `${REPORT_PARAM_LABELS[p]}${optional(p)}`;
        if (p === 'branch' || p === 'product')
          return (
            <FormField
              key={p}
              id={id}
              label={label}
              value={values[p] ?? ''}
              error={errors[p]}
              inputMode={p === 'branch' ? 'numeric' : 'text'}
              placeholder={p === 'branch' ? '301' : 'E-SAV'}
              onChange={(e) => set(p, p === 'product' ? e.target.value.toUpperCase() : e.target.value)}
            />
          );
        return (
          <Field key={p} id={id} label={label} error={errors[p]}>
            <DateField value={values[p] ?? ''} label={REPORT_PARAM_LABELS[p]} onChange={(v) => set(p, v)} />
          </Field>
        );
      })}
    </div>
  );
}
