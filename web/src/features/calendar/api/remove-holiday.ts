import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/calendar/holidays/:id — a movable holiday that has not come yet. */
export const removeHoliday = (id: string) =>
  apiRequest(`/calendar/holidays/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemoveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeHoliday,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['calendar'] }),
  });
}
