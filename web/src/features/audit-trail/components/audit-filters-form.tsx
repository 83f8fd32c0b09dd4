import { useState, type FormEvent } from 'react';
import {
  AUDIT_OUTCOMES,
  auditActionGroups,
  auditActionLabel,
  auditOutcomeLabel,
  type AuditFilters,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

const TEXT_FIELDS = [
  { key: 'actor', label: 'Actor', placeholder: 'User id or e-mail' },
  { key: 'target', label: 'Target', placeholder: 'Target id' },
] as const;

const ACTION_GROUPS = auditActionGroups();
const OFFERED = new Set(ACTION_GROUPS.flatMap((g) => [g.prefix, ...g.actions.map((a) => a.value)]));

/** Actor, action, target, outcome and date range; applied on submit. */
export function AuditFiltersForm({
  initial = {},
  onApply,
}: {
  initial?: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const [f, setF] = useState<AuditFilters>(initial);
  const set = (k: keyof AuditFilters, v: string) => setF((p) => ({ ...p, [k]: v || undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Audit filters"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end"
    >
      {TEXT_FIELDS.map(({ key, label, placeholder }) => (
        <FormField
          key={key}
          id={`audit-${key}`}
          label={label}
          className="gap-1"
          placeholder={placeholder}
          value={f[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
      {/* Actions by their labels, grouped by area; the code is the value (a link may carry any). */}
      <Field id="audit-action" label="Action" className="gap-1">
        <Select value={f.action ?? ''} onChange={(e) => set('action', e.target.value)}>
          <option value="">Any</option>
          {f.action && !OFFERED.has(f.action) ? (
            <option value={f.action}>{auditActionLabel(f.action)}</option>
          ) : null}
          {ACTION_GROUPS.map((g) => (
            <optgroup key={g.prefix} label={g.label}>
              <option value={g.prefix}>{g.label}: every action</option>
              {g.actions.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field id="audit-outcome" label="Outcome" className="gap-1">
        <Select value={f.outcome ?? ''} onChange={(e) => set('outcome', e.target.value)}>
          <option value="">Any</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {auditOutcomeLabel(o)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="audit-from" label="From" className="gap-1">
        <DateField label="From" value={f.from ?? ''} onChange={(v) => set('from', v)} />
      </Field>
      <Field id="audit-to" label="To" className="gap-1">
        <DateField label="To" value={f.to ?? ''} onChange={(v) => set('to', v)} />
      </Field>
      <Button type="submit">Apply filters</Button>
    </form>
  );
}
