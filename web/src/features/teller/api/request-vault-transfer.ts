import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vaultTransferAnswerSchema, type VaultTransferRequest } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** POST /api/teller/sessions/:id/vault-transfers: always a request for a supervisor (202). */
export const requestVaultTransfer = ({ id, body }: { id: string; body: VaultTransferRequest }) =>
  api.post(`/teller/sessions/${encodeURIComponent(id)}/vault-transfers`, {
    body,
    schema: vaultTransferAnswerSchema,
  });

export function useRequestVaultTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestVaultTransfer,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.current() }),
  });
}
