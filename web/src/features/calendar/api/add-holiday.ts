import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holidaySchema, type HolidayCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/calendar/holidays — a movable holiday or a declared day off on one date. */
export const addHoliday = (body: HolidayCreate) =>
  api.post('/calendar/holidays', { body, schema: holidaySchema });

export function useAddHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addHoliday,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['calendar'] }),
  });
}
