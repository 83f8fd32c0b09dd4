import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ supabase: { auth: { getSession: vi.fn() } } }));
const { ApiError } = await import('@/lib/api-client');
const { duplicateFrom, fieldErrorsFrom } = await import('./server-errors');
const { firstErrorPath } = await import('./first-error');
const { cleanValues } = await import('./form-values');

describe('server refusals on the form', () => {
  it("maps a 400's JSON-pointer details onto react-hook-form names, first message per field", () => {
    const err = new ApiError('Invalid request', 400, 'Bad Request', {
      error: 'Invalid request',
      details: [
        { path: '/address/district', message: 'This field is required' },
        { path: '/idNumber', message: 'A NIN is 8 letters and digits' },
        { path: '/idNumber', message: 'second' },
      ],
    });
    expect(fieldErrorsFrom(err)).toEqual({
      'address.district': 'This field is required',
      idNumber: 'A NIN is 8 letters and digits',
    });
    expect(fieldErrorsFrom(new Error('x'))).toEqual({});
  });

  it('reads a duplicate 409 only when it has the contract shape', () => {
    const body = {
      error: 'dup',
      code: 'possible_duplicate',
      matches: [{ id: 1, name: 'A', href: '/customers/view/000001', why: 'mobile' }],
    };
    expect(duplicateFrom(new ApiError('dup', 409, 'Conflict', body))?.code).toBe('possible_duplicate');
    expect(duplicateFrom(new ApiError('stale', 409, 'Conflict', { error: 'stale' }))).toBeNull();
  });

  it('orders bad fields as the form shows them, so focus lands on the earliest', () => {
    expect(firstErrorPath('individual', ['nextOfKin.mobile', 'address.town', 'idNumber'])).toBe('idNumber');
    expect(firstErrorPath('organisation', ['signatories', 'tin'])).toBe('tin');
  });

  it('drops only optional fields left empty, so required ones keep the "required" message', () => {
    expect(cleanValues({ email: '', firstName: '', address: { line2: '', town: '' } })).toEqual({
      firstName: '',
      address: { town: '' },
    });
  });
});
