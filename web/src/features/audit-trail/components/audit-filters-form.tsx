import { useState, type FormEvent } from 'react';
import { AUDIT_OUTCOMES, type AuditFilters } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const TEXT_FIELDS = [
  { key: 'actor', label: 'Actor', placeholder: 'User id or e-mail' },
  { key: 'action', label: 'Action', placeholder: 'e.g. staff. or auth.sign_in' },
  { key: 'target', label: 'Target', placeholder: 'Target id' },
] as const;

/** Actor, action, target, outcome and date range; applied on submit. */
export function AuditFiltersForm({ onApply }: { onApply: (f: AuditFilters) => void }) {
  const [f, setF] = useState<AuditFilters>({});
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
        <div key={key} className="grid gap-1">
          <Label htmlFor={`audit-${key}`}>{label}</Label>
          <Input
            id={`audit-${key}`}
            placeholder={placeholder}
            value={f[key] ?? ''}
            onChange={(e) => set(key, e.target.value)}
          />
        </div>
      ))}
      <div className="grid gap-1">
        <Label htmlFor="audit-outcome">Outcome</Label>
        <select
          id="audit-outcome"
          className="border-input bg-background h-10 rounded-md border px-3 text-sm"
          value={f.outcome ?? ''}
          onChange={(e) => set('outcome', e.target.value)}
        >
          <option value="">Any</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          value={f.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" value={f.to ?? ''} onChange={(e) => set('to', e.target.value)} />
      </div>
      <Button type="submit">Apply filters</Button>
    </form>
  );
}
