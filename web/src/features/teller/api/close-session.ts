import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionCloseAnswerSchema, type SessionClose } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** POST /api/teller/sessions/:id/close: the blind count (200 closed, 202 waiting for sign-off). */
export const closeSession = ({ id, body }: { id: string; body: SessionClose }) =>
  api.post(`/teller/sessions/${encodeURIComponent(id)}/close`, { body, schema: sessionCloseAnswerSchema });

export function useCloseSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: closeSession,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
