import { queryOptions, useQueries } from '@tanstack/react-query';
import { holidayListSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { usePermissions } from '@/lib/permissions';

/** GET /api/calendar/holidays?year= — one year's holidays (the calendar's own cache key, so shared). */
const yearOptions = (year: number) =>
  queryOptions({
    queryKey: ['calendar', 'holidays', year],
    queryFn: ({ signal }) =>
      api.get(`/calendar/holidays?year=${year}`, { schema: holidayListSchema, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export type HolidaySource = 'calendar' | 'loading' | 'weekends-only';

/**
 * The bank's holidays in `years`, for moving due dates off them. The calendar is read with `eod.run`
 * (System → Special Dates); staff without it, or when it cannot be read, get weekends only, and the
 * screen says so rather than quietly showing dates that may fall on a holiday.
 */
export function useLoanHolidays(years: readonly number[]): { dates: string[]; source: HolidaySource } {
  const { can } = usePermissions();
  const allowed = can('eod.run');
  const results = useQueries({ queries: (allowed ? years : []).map(yearOptions) });
  if (!allowed || results.some((r) => r.isError)) return { dates: [], source: 'weekends-only' };
  if (results.some((r) => !r.data)) return { dates: [], source: 'loading' };
  return { dates: results.flatMap((r) => r.data!.holidays.map((h) => h.date)), source: 'calendar' };
}
