import { useMutation, useQueryClient } from '@tanstack/react-query';
import { periodListSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/calendar/periods/:period/(close|reopen). */
export const changePeriod = ({ period, action }: { period: string; action: 'close' | 'reopen' }) =>
  api.post(`/calendar/periods/${encodeURIComponent(period)}/${action}`, {
    body: {},
    schema: periodListSchema,
  });

export function useChangePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePeriod,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['calendar', 'periods'] }),
  });
}
