import { describe, expect, it } from 'vitest';
import { flatten, unflatten } from './field-labels';

describe('flatten / unflatten', () => {
  it('round-trips nested objects and leaves lists out', () => {
    const record = { firstName: 'Fatmata', address: { town: 'Bo', district: 'Bo' }, holders: [1, 2] };
    const flat = flatten(record);
    expect(flat).toEqual([
      ['firstName', 'Fatmata'],
      ['address.town', 'Bo'],
      ['address.district', 'Bo'],
    ]);
    expect(unflatten(flat)).toEqual({ firstName: 'Fatmata', address: { town: 'Bo', district: 'Bo' } });
  });
});
