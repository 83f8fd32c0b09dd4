import { useState } from 'react';
import { SANCTIONS_LABELS, sanctionsHitDecisionSchema, type SanctionsHit } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { formLevelError } from '@/lib/api-errors';
import { useDecideHit } from '../api/hits';

/**
 * Clear (a false positive: activation may go ahead) or confirm (a true match: activation stays blocked),
 * always with the reason the officer writes. A decided hit shows who decided and why.
 */
export function HitDecisionForm({ hit }: { hit: SanctionsHit }) {
  const decide = useDecideHit(hit.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (hit.status !== 'open')
    return (
      <p role="status">{`${SANCTIONS_LABELS.hitStatus[hit.status]} by ${hit.decidedBy ?? '—'}: ${hit.reason ?? ''}`}</p>
    );
  const send = (decision: 'clear' | 'confirm') => {
    const parsed = sanctionsHitDecisionSchema.safeParse({ decision, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    decide.mutate(parsed.data);
  };
  const refusal = formLevelError(decide.error);
  return (
    <form className="grid gap-3 rounded-md border p-4" onSubmit={(e) => e.preventDefault()} noValidate>
      <Field id="hit-reason" label="Reason for your decision" error={error}>
        <textarea
          className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" disabled={decide.isPending} onClick={() => send('clear')}>
          Clear: not the listed person
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={decide.isPending}
          onClick={() => send('confirm')}
        >
          Confirm the match
        </Button>
      </div>
    </form>
  );
}
