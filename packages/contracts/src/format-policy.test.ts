import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatPhone } from './format.ts';

describe('one format policy', () => {
  it('dates are day-first, times 24-hour in Freetown whatever the machine’s zone', () => {
    expect(formatDate('2026-03-04')).toBe('4 Mar 2026');
    expect(formatDate('2026-11-23T23:30:00-05:00')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-23T21:54:00Z')).toBe('23 Nov 2026, 21:54');
    expect(formatDateTime('2026-11-23T13:05:00+01:00')).toBe('23 Nov 2026, 12:05');
  });
  it('counts are grouped and phones share one form', () => {
    expect(formatCount(1738)).toBe('1,738');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatPhone('+23276123456')).toBe('+232 76 123 456');
    expect(formatPhone('+12025550123')).toBe('+12025550123');
  });
});
