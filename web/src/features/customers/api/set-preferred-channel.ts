import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactChannel } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** PUT /api/customers/:custId/preferred-channel. */
export function setPreferredChannel({
  id,
  channel,
}: {
  id: number;
  channel: ContactChannel;
}): Promise<unknown> {
  return api.put(`/customers/${id}/preferred-channel`, { body: { channel } });
}

export function useSetPreferredChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPreferredChannel,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-360', v.id] }),
  });
}
