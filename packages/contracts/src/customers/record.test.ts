import { describe, expect, it } from 'vitest';
import { CUSTOMER_TYPES } from '../banking.ts';
import { customerCreateSchema } from './record.ts';

describe('customerCreateSchema', () => {
  // The 400's details and the form show these messages as they are: none may be zod's own wording.
  it.each(CUSTOMER_TYPES)('names every missing field of a %s customer in the bank’s own words', (type) => {
    const r = customerCreateSchema('2026-11-23').safeParse({ type });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages.length).toBeGreaterThan(3);
    expect(messages.filter((m) => /Invalid input|Invalid option|expected/.test(m))).toEqual([]);
  });
});
