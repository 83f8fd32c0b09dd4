import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tillSchema, type TillUpdate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** PUT /api/teller/tills/:id: a till's name, teller and whether it is in use. */
export const updateTill = ({ id, ...body }: TillUpdate & { id: string }) =>
  api.put(`/teller/tills/${encodeURIComponent(id)}`, { body, schema: tillSchema });

export function useUpdateTill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTill,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.tillRegister() }),
  });
}
