import { useRef, useState } from 'react';
import { sessionCloseSchema, type SessionCloseAnswer, type TillSessionDetail } from '@bankmanager/contracts';
import { useCloseSession } from '../api/close-session';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { CountForm } from './count-form';

/**
 * Closes the till with a blind count: the teller counts without seeing what the till should hold. A
 * difference waits for a supervisor's sign-off and posts to cash shortage and overage then.
 */
export function CloseSessionForm({
  session,
  onDone,
}: {
  session: TillSessionDetail;
  onDone: (answer: SessionCloseAnswer | null) => void;
}) {
  const close = useCloseSession();
  const reference = useRef(newReference('CLS'));
  // A 400 whose details the count's fields took is said there, not twice.
  const [refusedOnField, setOnField] = useState(false);
  return (
    <section aria-label="Close your till" className="grid gap-3">
      <h2 className="text-xl font-semibold">Close your till: blind count</h2>
      <p className="text-muted-foreground text-sm">
        Count every note and coin in the till. The system compares your count with what the till should hold
        only after you send it.
      </p>
      <CountForm
        id="close"
        label="Closing count"
        currency={session.currency}
        schema={sessionCloseSchema.shape.count}
        submitLabel="Send the count and close"
        busy={close.isPending}
        error={close.isError && !refusedOnField ? refusalText(close.error) : null}
        onCancel={() => onDone(null)}
        onSubmit={(count, refused) =>
          close.mutate(
            { id: session.id, body: { reference: reference.current, count } },
            { onSuccess: onDone, onError: (err) => setOnField(refused(err)) },
          )
        }
      />
    </section>
  );
}
