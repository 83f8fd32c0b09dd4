import { useState } from 'react';
import {
  AML_CASE_ACTIONS,
  AML_CASE_TRANSITIONS,
  amlNoteSchema,
  type AmlCaseAction,
  type AmlCaseFile,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { formLevelError } from '@/lib/api-errors';
import { usePermissions } from '@/lib/permissions';
import { useAddNote, useAssign, useTransition } from '../api/cases';

const textareaClass = 'border-input bg-background min-h-20 rounded-md border p-2 text-sm';

/**
 * The steps the contracts' transitions table allows from the case's status and the caller's
 * permissions (the server checks again); a step that needs a reason asks for it. Then a note, and
 * taking the case.
 */
export function CaseActions({ file }: { file: AmlCaseFile }) {
  const { can } = usePermissions();
  const move = useTransition(file.id);
  const note = useAddNote(file.id);
  const assign = useAssign(file.id);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [noteError, setNoteError] = useState<string | undefined>();
  const steps = AML_CASE_ACTIONS.filter((a) => {
    const t = AML_CASE_TRANSITIONS[a];
    return t.by !== 'str' && t.from.includes(file.status) && can(t.permission);
  });
  const run = (action: AmlCaseAction) => {
    const t = AML_CASE_TRANSITIONS[action];
    if (t.reasonRequired && !reason.trim()) return setError('Give the reason');
    setError(undefined);
    move.mutate(
      { action, version: file.version, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => setReason('') },
    );
  };
  const refusal = formLevelError(move.error ?? note.error ?? assign.error);
  if (!can('aml.cases')) return null;
  return (
    <div className="grid gap-4">
      {steps.length > 0 ? (
        <form className="grid gap-3 rounded-md border p-4" onSubmit={(e) => e.preventDefault()} noValidate>
          <Field id="case-reason" label="Reason (needed to escalate or close)" error={error}>
            <textarea
              className={textareaClass}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            {steps.map((a) => (
              <Button
                key={a}
                type="button"
                variant={a === 'escalate' ? 'default' : 'outline'}
                disabled={move.isPending}
                onClick={() => run(a)}
              >
                {AML_CASE_TRANSITIONS[a].label}
              </Button>
            ))}
          </div>
        </form>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <form
        className="grid gap-3 rounded-md border p-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = amlNoteSchema.safeParse({ text });
          if (!parsed.success) return setNoteError(parsed.error.issues[0]?.message);
          setNoteError(undefined);
          note.mutate(parsed.data, { onSuccess: () => setText('') });
        }}
      >
        <Field id="case-note" label="Note" error={noteError}>
          <textarea
            className={textareaClass}
            maxLength={4000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={note.isPending}>
            Add the note
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={assign.isPending}
            onClick={() => assign.mutate({ assignee: file.assigneeEmail ? 'nobody' : 'me' })}
          >
            {file.assigneeEmail ? 'Put back in the pool' : 'Take the case'}
          </Button>
        </div>
      </form>
    </div>
  );
}
