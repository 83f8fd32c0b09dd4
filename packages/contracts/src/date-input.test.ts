import { describe, expect, it } from 'vitest';
import { addDays, parseDayFirstDate } from './date-input.ts';

describe('a date as people type it, day first', () => {
  it('reads the styles a branch types and answers ISO', () => {
    for (const typed of [
      '27 Nov 2026',
      '27 november 2026',
      '27-Nov-2026',
      '27/11/2026',
      '27.11.2026',
      '27-11-2026',
      '2026-11-27',
      ' 27 Nov. 2026 ',
    ])
      expect(parseDayFirstDate(typed), typed).toBe('2026-11-27');
    expect(parseDayFirstDate('3/2/2026')).toBe('2026-02-03');
    expect(parseDayFirstDate('1 Sept 2026')).toBe('2026-09-01');
  });
  it('refuses what is not one whole, possible date', () => {
    for (const typed of [
      '',
      '27/11',
      '27/11/26',
      '31/04/2026',
      '29/02/2026',
      '32 Jan 2026',
      '13/13/2026',
      '27 Novx 2026',
      'tomorrow',
      '2026-02-30',
    ])
      expect(parseDayFirstDate(typed), typed).toBeNull();
    expect(parseDayFirstDate('29/02/2028')).toBe('2028-02-29');
  });
  it('steps whole days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
