import { useState } from 'react';
import { amlRuleChangeSchema, checkRuleParams, type AmlRule } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formLevelError } from '@/lib/api-errors';
import { useProposeRule } from '../api/rules';

type Params = AmlRule['params'];
type Flat = Record<string, string>;

/** The params as text fields, `bandCeilings.under_2k` for a nested one. */
const flatten = (p: Params): Flat =>
  Object.fromEntries(
    Object.entries(p).flatMap(([k, v]) =>
      typeof v === 'object' ? Object.entries(v).map(([k2, v2]) => [`${k}.${k2}`, v2]) : [[k, String(v)]],
    ),
  );

/** Back to the scenario's shape: counts as numbers where the rule had numbers. */
function unflatten(flat: Flat, like: Params): Params {
  const out: Record<string, string | number | Record<string, string>> = {};
  for (const [key, text] of Object.entries(flat)) {
    const [k, k2] = key.split('.') as [string, string | undefined];
    if (k2 !== undefined) out[k] = { ...((out[k] as Record<string, string>) ?? {}), [k2]: text };
    else out[k] = typeof like[k] === 'number' && /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return out;
}

/**
 * Proposes a change of one rule. The same schemas as the server check it (the scenario's own for
 * the params); the change waits for a second officer in the approvals inbox.
 */
export function RuleChangeForm({ rule, onDone }: { rule: AmlRule; onDone: () => void }) {
  const propose = useProposeRule(rule.scenario);
  const [description, setDescription] = useState(rule.description);
  const [enabled, setEnabled] = useState(rule.enabled);
  const [score, setScore] = useState(String(rule.score));
  const [flat, setFlat] = useState(() => flatten(rule.params));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);

  const submit = () => {
    const params = unflatten(flat, rule.params);
    const body = { description, enabled, score: Number(score), params, version: rule.version };
    const found: Record<string, string> = {};
    const parsed = amlRuleChangeSchema.safeParse(body);
    if (!parsed.success) for (const i of parsed.error.issues) found[i.path.join('.')] = i.message;
    const p = checkRuleParams(rule.scenario, params);
    if (!p.success) for (const i of p.error.issues) found[i.path.join('.')] = i.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    propose.mutate(parsed.data, { onSuccess: (r) => setSent(r.approvalId) });
  };
  const refusal = formLevelError(propose.error);
  if (sent)
    return (
      <div role="status" className="grid gap-2 rounded-md border p-4">
        <p>The change waits for a second officer in the approvals inbox.</p>
        <Button type="button" variant="outline" onClick={onDone}>
          Back to the rules
        </Button>
      </div>
    );
  return (
    <form
      className="grid gap-3 rounded-md border p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="text-lg font-semibold">{`Propose a change: ${rule.label}`}</h2>
      <Field id="rule-description" label="Description" error={errors.description}>
        <textarea
          className="border-input bg-background min-h-16 rounded-md border p-2 text-sm"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Enabled
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="rule-score" label="Score (1–100)" error={errors.score}>
          <Input inputMode="numeric" value={score} onChange={(e) => setScore(e.target.value)} />
        </Field>
        {Object.entries(flat).map(([key, value]) => (
          <Field key={key} id={`rule-${key}`} label={key} error={errors[key]}>
            <Input value={value} onChange={(e) => setFlat({ ...flat, [key]: e.target.value })} />
          </Field>
        ))}
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={propose.isPending}>
          Propose the change
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
