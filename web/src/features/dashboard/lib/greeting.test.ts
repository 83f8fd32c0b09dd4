import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

const at = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe('greetingFor', () => {
  it('says Good Morning before 12:00', () => {
    expect(greetingFor(at(0))).toBe('Good Morning');
    expect(greetingFor(at(11, 59))).toBe('Good Morning');
  });
  it('says Good Afternoon from 12:00 until before 18:00', () => {
    expect(greetingFor(at(12))).toBe('Good Afternoon');
    expect(greetingFor(at(17, 59))).toBe('Good Afternoon');
  });
  it('says Good Evening from 18:00', () => {
    expect(greetingFor(at(18))).toBe('Good Evening');
    expect(greetingFor(at(23, 59))).toBe('Good Evening');
  });
});
