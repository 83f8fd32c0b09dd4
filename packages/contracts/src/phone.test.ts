import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, readPhoneNumber, validatePhoneNumber } from './phone.ts';

const invalid = (phone: string) => {
  const r = validatePhoneNumber(phone);
  return r.valid ? null : r.message;
};

describe('validatePhoneNumber (docs/product.md §5)', () => {
  it('requires a leading plus sign', () => {
    expect(invalid('23276123456')).toBe(PHONE_MESSAGES.plus);
    expect(invalid('')).toBe(PHONE_MESSAGES.plus);
  });

  it('requires 8 digits after +232 (11 without the plus)', () => {
    expect(invalid('+2327612345')).toBe(PHONE_MESSAGES.sierraLeone);
    expect(invalid('+232761234567')).toBe(PHONE_MESSAGES.sierraLeone);
    expect(validatePhoneNumber('+232 76 123 456')).toEqual({ valid: true, normalized: '+23276123456' });
  });

  it('requires 10 digits after +1', () => {
    expect(invalid('+1555123456')).toBe(PHONE_MESSAGES.us);
    expect(validatePhoneNumber('+1-555-123-4567')).toEqual({ valid: true, normalized: '+15551234567' });
  });

  it('requires 10 to 15 digits for other countries', () => {
    expect(invalid('+44207946')).toBe(PHONE_MESSAGES.length);
    expect(invalid('+4420794600000000')).toBe(PHONE_MESSAGES.length);
    expect(validatePhoneNumber('+442079460000').valid).toBe(true);
    expect(validatePhoneNumber('+234801234567890').valid).toBe(true);
  });

  it('ignores spaces and hyphens but rejects any other non-digit', () => {
    expect(invalid('+2327612345a')).toBe(PHONE_MESSAGES.digits);
    expect(invalid('+44(20)7946000')).toBe(PHONE_MESSAGES.digits);
    expect(invalid('+1555.123.45')).toBe(PHONE_MESSAGES.digits);
    // Length rules come first (docs/product.md order): a wrong-length US number gets the US message.
    expect(invalid('+1555.123.456')).toBe(PHONE_MESSAGES.us);
  });
});

describe('readPhoneNumber: a Sierra Leone mobile as people type it', () => {
  it.each([
    '076 123 456',
    '076123456',
    '76123456',
    '23276123456',
    '0023276123456',
    '+232 76 123 456',
    '(076) 123-456',
  ])('reads %s as +23276123456', (typed) => {
    expect(validatePhoneNumber(readPhoneNumber(typed))).toEqual({ valid: true, normalized: '+23276123456' });
  });

  it('leaves anything else to the checks, which give their own message', () => {
    expect(invalid(readPhoneNumber('76 123 45'))).toBe(PHONE_MESSAGES.plus);
    expect(invalid(readPhoneNumber('076 123 45'))).toBe(PHONE_MESSAGES.plus);
    expect(invalid(readPhoneNumber('076 123 456 7'))).toBe(PHONE_MESSAGES.plus);
    expect(invalid(readPhoneNumber('+232 76 123 45'))).toBe(PHONE_MESSAGES.sierraLeone);
    expect(invalid(readPhoneNumber('call me'))).toBe(PHONE_MESSAGES.plus);
  });
});
