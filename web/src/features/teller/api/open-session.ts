import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tillSessionDetailSchema, type SessionOpen } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** POST /api/teller/sessions: opens the caller's till with its allocation from the vault. */
export const openSession = (body: SessionOpen) =>
  api.post('/teller/sessions', { body, schema: tillSessionDetailSchema });

export function useOpenSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: openSession,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
