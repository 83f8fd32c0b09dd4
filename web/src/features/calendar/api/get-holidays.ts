import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { holidayListSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/calendar/holidays?year= — the year's holidays and the next business date. */
export const holidaysQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: ['calendar', 'holidays', year ?? 'current'],
    queryFn: ({ signal }) =>
      api.get(`/calendar/holidays${year ? `?year=${year}` : ''}`, { schema: holidayListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useHolidays(year: number | undefined) {
  return useQuery(holidaysQueryOptions(year));
}
