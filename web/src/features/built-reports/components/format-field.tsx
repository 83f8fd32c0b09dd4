import {
  BUILT_REPORT_FORMATS,
  BUILT_REPORT_FORMAT_LABELS,
  type BuiltReportFormat,
} from '@bankmanager/contracts/built-reports';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

/** Where a run's result goes: the screen, or a CSV, XLSX or PDF file. */
export function FormatField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: BuiltReportFormat;
  onChange: (format: BuiltReportFormat) => void;
}) {
  return (
    <Field id={id} label="Output">
      <Select value={value} onChange={(e) => onChange(e.target.value as BuiltReportFormat)}>
        {BUILT_REPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {BUILT_REPORT_FORMAT_LABELS[f]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
