import { useState, type FormEvent } from 'react';
import {
  BUILT_REPORTS,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type BuiltReportDef,
  type BuiltReportFormat,
  type ReportFrequency,
  type ReportScheduleCreate,
} from '@bankmanager/contracts/built-reports';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useCreateSchedule, useScheduleRoles } from '../api/schedules';
import { checkParams, ParamsFields, type ParamErrors, type ParamValues } from './params-fields';
import { FormatField } from './format-field';
import { ReportPicker } from './report-picker';

const FIRST = (BUILT_REPORTS as readonly BuiltReportDef[]).find((r) => !r.screen)!;

/**
 * A schedule: which report, which parameters (dates left empty take the business date end of day
 * closes), where it goes, how often, and the role whose holders receive it in their inbox.
 */
export function ScheduleForm() {
  const [report, setReport] = useState<BuiltReportDef>(FIRST);
  const [values, setValues] = useState<ParamValues>({});
  const [errors, setErrors] = useState<ParamErrors>({});
  const [format, setFormat] = useState<BuiltReportFormat>('xlsx');
  const [frequency, setFrequency] = useState<ReportFrequency>('daily');
  const [roleId, setRoleId] = useState('');
  const roles = useScheduleRoles();
  const create = useCreateSchedule();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkParams(report, values);
    const errs: ParamErrors = checked.ok ? {} : checked.errors;
    if (!roleId) errs.role = 'Choose a role';
    setErrors(errs);
    if (!checked.ok || !roleId) return;
    const body: ReportScheduleCreate = {
      reportId: report.id,
      params: checked.params,
      format,
      frequency,
      roleId,
    };
    create.mutate(body, {
      onSuccess: (s) => toast({ title: `Scheduled ${s.title} for ${s.roleName}.`, variant: 'success' }),
      onError: (err) => toast({ title: err.message, variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Schedule a report">
      <ReportPicker id="schedule-report" value={report.id} runnableOnly onChange={setReport} />
      <ParamsFields
        idPrefix="schedule"
        report={report}
        values={values}
        errors={errors}
        onChange={setValues}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormatField id="schedule-format" value={format} onChange={setFormat} />
        <Field id="schedule-frequency" label="When">
          <Select value={frequency} onChange={(e) => setFrequency(e.target.value as ReportFrequency)}>
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {REPORT_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="schedule-role" label="For the role" error={errors.role}>
          <Select value={roleId} onChange={(e) => setRoleId(e.target.value)}>
            <option value="">Choose a role</option>
            {(roles.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          Schedule
        </Button>
      </div>
    </form>
  );
}
