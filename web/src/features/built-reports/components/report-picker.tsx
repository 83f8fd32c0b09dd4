import { BUILT_REPORTS, type BuiltReportDef } from '@bankmanager/contracts/built-reports';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

const GROUPS = [...new Set(BUILT_REPORTS.map((r) => r.group))];

/** The catalogue as one list, grouped; `runnableOnly` leaves out reports that keep their own screen. */
export function ReportPicker({
  id,
  value,
  onChange,
  runnableOnly = false,
}: {
  id: string;
  value: string;
  onChange: (report: BuiltReportDef) => void;
  runnableOnly?: boolean;
}) {
  const reports = (BUILT_REPORTS as readonly BuiltReportDef[]).filter((r) => !runnableOnly || !r.screen);
  return (
    <Field id={id} label="Report">
      <Select value={value} onChange={(e) => onChange(reports.find((r) => r.id === e.target.value)!)}>
        {GROUPS.map((g) => (
          <optgroup key={g} label={g}>
            {reports
              .filter((r) => r.group === g)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
