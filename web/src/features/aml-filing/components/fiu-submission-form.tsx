import { useState, type FormEvent } from 'react';
import { fiuSubmissionSchema, type FiuSubmission } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface Props {
  /** The row's id, for unique field ids. */
  id: string;
  /** The filing's own reference, which names the form for screen readers. */
  reference: string;
  busy: boolean;
  /** Sends the checked body; calls back with the server's refusal, if any. */
  record: (body: FiuSubmission, onError: (message: string) => void) => void;
}

/**
 * The FIU's submission date and reference of one filing (a CTR batch or an STR), recorded once; the
 * contracts' schema checks it here as the server does.
 */
export function FiuSubmissionForm({ id, reference, busy, record }: Props) {
  const [submittedOn, setOn] = useState('');
  const [fiuReference, setRef] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = fiuSubmissionSchema.safeParse({ submittedOn, reference: fiuReference });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the date and reference');
      return;
    }
    setProblem(null);
    record(parsed.data, setProblem);
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={submit}
      noValidate
      aria-label={`FIU submission of ${reference}`}
    >
      <Field id={`on-${id}`} label="Submitted on">
        <DateField id={`on-${id}`} className="w-40" value={submittedOn} onChange={setOn} />
      </Field>
      <Field id={`ref-${id}`} label="FIU reference">
        <Input
          id={`ref-${id}`}
          className="w-40"
          value={fiuReference}
          onChange={(e) => setRef(e.target.value)}
        />
      </Field>
      <Button size="sm" type="submit" disabled={busy}>
        Record
      </Button>
      {problem ? <p role="alert">{problem}</p> : null}
    </form>
  );
}
