import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { periodListSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/calendar/periods?year= — the year and its months, open or closed. */
export const periodsQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: ['calendar', 'periods', year ?? 'current'],
    queryFn: ({ signal }) =>
      api.get(`/calendar/periods${year ? `?year=${year}` : ''}`, { schema: periodListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function usePeriods(year: number | undefined) {
  return useQuery(periodsQueryOptions(year));
}
