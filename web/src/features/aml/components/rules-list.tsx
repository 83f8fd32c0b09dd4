import { useState } from 'react';
import type { AmlRule } from '@bankmanager/contracts';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { useRules } from '../api/rules';
import { RuleChangeForm } from './rule-change-form';

const paramText = (p: AmlRule['params']) =>
  Object.entries(p)
    .map(([k, v]) =>
      typeof v === 'object'
        ? `${k}: ${Object.entries(v)
            .map(([a, b]) => `${a} ${b}`)
            .join(', ')}`
        : `${k}: ${v}`,
    )
    .join(' · ');

/** The seven rules with their parameters and version; a change is proposed here and approved in the inbox. */
export function RulesList() {
  const rules = useRules();
  const { can } = usePermissions();
  const [editing, setEditing] = useState<AmlRule | null>(null);
  if (rules.isError)
    return (
      <p role="alert" className="text-destructive">
        {rules.error.message}
      </p>
    );
  if (!rules.data) return <p role="status">Loading the rules...</p>;
  if (editing) return <RuleChangeForm rule={editing} onDone={() => setEditing(null)} />;
  return (
    <ul className="grid gap-3">
      {rules.data.map((r) => (
        <li key={r.scenario} className="grid gap-1 rounded-md border p-4">
          <h2 className="font-semibold">{`${r.label}${r.enabled ? '' : ' (disabled)'}`}</h2>
          <p className="text-sm">{r.description}</p>
          <p className="text-muted-foreground text-sm">{paramText(r.params)}</p>
          <p className="text-muted-foreground text-sm">
            {`Score ${r.score} · version ${r.version} · ${formatDateTime(r.updatedAt)}${r.updatedBy ? ` by ${r.updatedBy}` : ''}`}
          </p>
          {r.pendingApprovalId ? (
            <p className="text-sm">A change awaits a second officer’s approval.</p>
          ) : can('aml.rules.change') ? (
            <div>
              {/* Wraps on a phone: the rule's name can be longer than a 390 px line. */}
              <Button
                type="button"
                variant="outline"
                className="h-auto whitespace-normal text-left"
                onClick={() => setEditing(r)}
              >
                {`Propose a change to ${r.label}`}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
