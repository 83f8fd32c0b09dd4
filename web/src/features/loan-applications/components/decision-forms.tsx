import { useState } from 'react';
import {
  LOAN_APPLICATION_TEXT,
  type LOAN_RECOMMENDATIONS,
  type LoanApplication,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, refusalText } from '@/lib/api-errors';
import { useAppraise, useEndApplication } from '../api/loan-applications';

const REFUSALS = {
  pending_approval: LOAN_APPLICATION_TEXT.pendingApproval,
  wrong_state: 'The application moved on meanwhile; reload it.',
};

/** The officer's appraisal: recommendation, notes and, with a flag, the written override reason. */
export function AppraiseForm({
  application,
  flagged,
  onDone,
}: {
  application: LoanApplication;
  flagged: boolean;
  onDone: () => void;
}) {
  const appraise = useAppraise();
  const [recommendation, setRecommendation] = useState<(typeof LOAN_RECOMMENDATIONS)[number]>('approve');
  const [notes, setNotes] = useState('');
  const [override, setOverride] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Record the appraisal"
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setErrors({});
        appraise.mutate(
          {
            id: application.id,
            body: { recommendation, notes, ...(override.trim() ? { overrideReason: override } : {}) },
          },
          {
            onSuccess: onDone,
            onError: (err) => {
              const f = fieldErrorsFrom(err);
              if (Object.keys(f).length) setErrors(f);
              else setError(refusalText(err, REFUSALS));
            },
          },
        );
      }}
    >
      <Field id="loan-app-recommendation" label="Recommendation">
        <Select
          value={recommendation}
          onChange={(e) => setRecommendation(e.target.value as typeof recommendation)}
        >
          <option value="approve">Approve</option>
          <option value="decline">Decline</option>
        </Select>
      </Field>
      <Field id="loan-app-notes" label="Appraisal notes" error={errors.notes}>
        <Input value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <Field
        id="loan-app-override"
        label="Override reason"
        description={flagged ? 'Required: the appraisal shows a flag.' : 'Only when a flag is shown.'}
        error={errors.overrideReason}
        className="sm:col-span-2"
      >
        <Input value={override} onChange={(e) => setOverride(e.target.value)} />
      </Field>
      {error ? (
        <p role="alert" className="text-destructive sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={appraise.isPending}>
          {appraise.isPending ? 'Recording…' : 'Record appraisal and ask for approval'}
        </Button>
      </div>
    </form>
  );
}

/** Reject or withdraw, with the reason the history keeps. */
export function EndForm({
  application,
  action,
  onDone,
}: {
  application: LoanApplication;
  action: 'reject' | 'withdraw';
  onDone: () => void;
}) {
  const end = useEndApplication();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verb = action === 'reject' ? 'Reject' : 'Withdraw';
  return (
    <form
      noValidate
      aria-label={`${verb} the application`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        end.mutate(
          { id: application.id, action, reason },
          {
            onSuccess: onDone,
            onError: (err) => {
              const f = fieldErrorsFrom(err);
              if (f.reason) setFieldError(f.reason);
              else setError(refusalText(err, REFUSALS));
            },
          },
        );
      }}
    >
      <Field id={`loan-app-${action}-reason`} label={`Reason to ${verb.toLowerCase()}`} error={fieldError}>
        <Input value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Button
        type="submit"
        variant={action === 'reject' ? 'destructive' : 'outline'}
        disabled={end.isPending}
      >
        {verb}
      </Button>
      {error ? (
        <p role="alert" className="text-destructive w-full">
          {error}
        </p>
      ) : null}
    </form>
  );
}
