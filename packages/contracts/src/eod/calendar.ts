import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';

/**
 * Sierra Leone's fixed public holidays (ADR: holiday source), seeded once and recurring every year.
 * Movable ones (Good Friday, Easter Monday, Eid al-Fitr, Eid al-Adha, Mawlid) and any day the
 * Government declares (e.g. a holiday observed on a Monday) are entered each year.
 */
export const SIERRA_LEONE_FIXED_HOLIDAYS = [
  { month: 1, day: 1, name: 'New Year’s Day' },
  { month: 2, day: 18, name: 'Armed Forces Day' },
  { month: 3, day: 8, name: 'International Women’s Day' },
  { month: 4, day: 27, name: 'Independence Day' },
  { month: 5, day: 1, name: 'Labour Day' },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: 'Boxing Day' },
] as const;

export const MOVABLE_HOLIDAY_NAMES = [
  'Good Friday',
  'Easter Monday',
  'Eid al-Fitr',
  'Eid al-Adha',
  'Mawlid (Prophet’s Birthday)',
] as const;

export const HOLIDAY_KINDS = ['fixed', 'movable'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

export const holidaySchema = z.object({
  id: z.string(),
  date: isoDateSchema,
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const holidayListSchema = z.object({
  year: z.number(),
  businessDate: isoDateSchema,
  nextBusinessDate: isoDateSchema,
  holidays: z.array(holidaySchema),
});
export type HolidayList = z.infer<typeof holidayListSchema>;

/** POST /api/calendar/holidays: a movable holiday (or a declared non-working day) on one date. */
export const holidayCreateSchema = z.object({
  date: isoDateSchema,
  name: z.string().trim().min(2, 'Please name the holiday (2 to 80 characters)').max(80),
});
export type HolidayCreate = z.infer<typeof holidayCreateSchema>;

export const PERIOD_KINDS = ['month', 'year'] as const;
export const PERIOD_STATUSES = ['open', 'closed'] as const;

export const accountingPeriodSchema = z.object({
  period: z.string(),
  kind: z.enum(PERIOD_KINDS),
  startsOn: isoDateSchema,
  endsOn: isoDateSchema,
  status: z.enum(PERIOD_STATUSES),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AccountingPeriod = z.infer<typeof accountingPeriodSchema>;

export const periodListSchema = z.object({
  year: z.number(),
  businessDate: isoDateSchema,
  periods: z.array(accountingPeriodSchema),
});
export type PeriodList = z.infer<typeof periodListSchema>;

/** `2026-11` (a month) or `2026` (a year). */
export const periodParamSchema = z.object({
  period: z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'must be YYYY or YYYY-MM'),
  action: z.enum(['close', 'reopen']),
});

export const periodActionSchema = z.object({
  reason: z.string().trim().max(200).optional(),
});
