import { useRef, useState } from 'react';
import {
  VAULT_DIRECTION_LABELS,
  vaultTransferRequestSchema,
  type TillSessionDetail,
  type VaultDirection,
} from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useRequestVaultTransfer } from '../api/request-vault-transfer';
import { newReference } from '../lib/reference';
import { refusalText } from '../lib/refusal';
import { CountForm } from './count-form';

/** Buy cash from, or sell cash to, the vault: a request a supervisor approves before anything moves. */
export function VaultTransferForm({
  session,
  onDone,
}: {
  session: TillSessionDetail;
  onDone: (message: string) => void;
}) {
  const [direction, setDirection] = useState<VaultDirection>('buy');
  const send = useRequestVaultTransfer();
  const reference = useRef(newReference('VLT'));
  // A 400 whose details the count's fields took is said there, not twice.
  const [refusedOnField, setOnField] = useState(false);
  return (
    <section aria-label="Vault transfer" className="grid gap-3">
      <h2 className="text-xl font-semibold">Vault transfer</h2>
      <CountForm
        id="vault"
        label="Vault transfer count"
        currency={session.currency}
        schema={vaultTransferRequestSchema.shape.count}
        submitLabel="Ask the supervisor"
        busy={send.isPending}
        error={send.isError && !refusedOnField ? refusalText(send.error) : null}
        onCancel={() => onDone('')}
        before={
          <Field id="vault-direction" label="Direction">
            <Select value={direction} onChange={(e) => setDirection(e.target.value as VaultDirection)}>
              {(Object.keys(VAULT_DIRECTION_LABELS) as VaultDirection[]).map((d) => (
                <option key={d} value={d}>
                  {VAULT_DIRECTION_LABELS[d]}
                </option>
              ))}
            </Select>
          </Field>
        }
        onSubmit={(count, refused) =>
          send.mutate(
            { id: session.id, body: { reference: reference.current, direction, count } },
            {
              onSuccess: () => onDone('Sent to a supervisor: the cash moves once they approve.'),
              onError: (err) => setOnField(refused(err)),
            },
          )
        }
      />
    </section>
  );
}
