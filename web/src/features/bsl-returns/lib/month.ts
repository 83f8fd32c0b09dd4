import { previousMonthEnd } from '@bankmanager/contracts';

/** '2026-10' → '2026-10-31': the month's last day ('' for anything else). */
export function monthEndOf(month: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '';
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month before the business date's: the latest month that has ended. */
export const lastEndedMonth = (businessDate: string) => previousMonthEnd(businessDate).slice(0, 7);
