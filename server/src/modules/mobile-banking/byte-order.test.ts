import { describe, expect, it } from 'vitest';
import { isBytewise } from './byte-order.ts';

// Prefix bands (banded-page.ts) are used only where text compares byte-wise; anything else sorts plainly.
describe('which collations compare text byte-wise', () => {
  it.each([
    [{ provider: 'c', collate: 'C', locale: null }, true],
    [{ provider: 'c', collate: 'POSIX', locale: null }, true],
    [{ provider: 'c', collate: 'C.UTF-8', locale: null }, true],
    [{ provider: 'c', collate: 'C.utf8', locale: null }, true],
    [{ provider: null, collate: 'C', locale: null }, true], // before PostgreSQL 15
    [{ provider: 'b', collate: 'C', locale: 'C.UTF-8' }, true],
    [{ provider: 'c', collate: 'en_US.UTF-8', locale: null }, false],
    [{ provider: 'c', collate: 'en_US.utf8', locale: null }, false],
    [{ provider: 'i', collate: 'C', locale: 'en-US' }, false],
    [{ provider: 'b', collate: 'C', locale: 'PG_UNICODE_FAST' }, false],
  ])('%o: %s', (collation, bytewise) => {
    expect(isBytewise(collation)).toBe(bytewise);
  });
});
