import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tillSchema, type TillCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** POST /api/teller/tills: registers a till in the branch. */
export const createTill = (body: TillCreate) => api.post('/teller/tills', { body, schema: tillSchema });

export function useCreateTill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTill,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.tillRegister() }),
  });
}
