import { describe, expect, it } from 'vitest';
import {
  SIGN_UP_MESSAGES,
  signUpErrorForCode,
  activateFirstUserResponseSchema,
  signUpFormSchema,
  signUpMetadataSchema,
  userStatusSchema,
} from './auth.ts';

const valid = {
  fullName: '  Aminata Kamara ',
  mobileNo: '+232 76-123-456',
  email: ' aminata@bank.sl ',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const messagesFor = (input: unknown) => {
  const r = signUpFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('signUpFormSchema', () => {
  it('accepts a valid form and trims text fields', () => {
    const r = signUpFormSchema.parse(valid);
    expect(r.fullName).toBe('Aminata Kamara');
    expect(r.email).toBe('aminata@bank.sl');
  });

  it('gives the docs/product.md §5 message for each empty field', () => {
    expect(messagesFor({ fullName: '', mobileNo: '', email: '', password: '', confirmPassword: '' })).toEqual(
      expect.arrayContaining([
        `fullName: ${SIGN_UP_MESSAGES.fullNameRequired}`,
        `mobileNo: ${SIGN_UP_MESSAGES.mobileRequired}`,
        `email: ${SIGN_UP_MESSAGES.emailRequired}`,
        `password: ${SIGN_UP_MESSAGES.passwordRequired}`,
      ]),
    );
    expect(messagesFor({})).toContain(`fullName: ${SIGN_UP_MESSAGES.fullNameRequired}`);
  });

  it('checks mobile digits (10-12 after stripping), email shape, password length and match', () => {
    expect(messagesFor({ ...valid, mobileNo: '123-456-789' })).toEqual([
      `mobileNo: Please enter a valid mobile number (10-12 digits)`,
    ]);
    expect(messagesFor({ ...valid, mobileNo: '1234567890123' })).toHaveLength(1);
    expect(messagesFor({ ...valid, mobileNo: '(123) 456-7890' })).toEqual([]);
    expect(messagesFor({ ...valid, email: 'not-an-email' })).toEqual([
      'email: Please enter a valid email address',
    ]);
    expect(messagesFor({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual([
      'password: Password must be at least 6 characters',
    ]);
    expect(messagesFor({ ...valid, confirmPassword: 'other1' })).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
  });
});

describe('signUpMetadataSchema', () => {
  it('reduces the mobile number to digits and defaults bank_code to CB', () => {
    expect(signUpMetadataSchema.parse({ fullName: ' A ', mobileNo: '+232 76 123 456' })).toEqual({
      fullName: 'A',
      mobileNo: '23276123456',
      bank_code: 'CB',
    });
    expect(
      signUpMetadataSchema.parse({ fullName: 'A', mobileNo: '0761234567', bank_code: 'XB', extra: 1 }),
    ).toMatchObject({
      bank_code: 'XB',
      extra: 1,
    });
  });

  it('refuses missing or wrong-typed fields', () => {
    expect(signUpMetadataSchema.safeParse({ mobileNo: '0761234567' }).success).toBe(false);
    expect(signUpMetadataSchema.safeParse({ fullName: 'A', mobileNo: 761234567 }).success).toBe(false);
  });
});

describe('staff API response schemas', () => {
  it('parse the documented shapes', () => {
    expect(userStatusSchema.parse({ isActivated: true, isSuperuser: false })).toEqual({
      isActivated: true,
      isSuperuser: false,
    });
    expect(activateFirstUserResponseSchema.safeParse({ success: true, user: { approved: 1 } }).success).toBe(
      false,
    );
  });
});

describe('signUpErrorForCode', () => {
  it('maps duplicate codes to the docs/product.md §8 messages and fields', () => {
    expect(signUpErrorForCode('mobile_exists')).toEqual({
      code: 'MOBILE_ALREADY_EXISTS',
      field: 'mobileNo',
      message: 'This mobile number is already registered. Please use a different number.',
    });
    for (const code of ['email_exists', 'user_already_exists']) {
      expect(signUpErrorForCode(code)).toMatchObject({
        code: 'EMAIL_ALREADY_EXISTS',
        field: 'email',
        message: 'This email is already registered. Please use a different email address.',
      });
    }
    expect(signUpErrorForCode('weak_password')).toBeUndefined();
    expect(signUpErrorForCode(undefined)).toBeUndefined();
  });
});
