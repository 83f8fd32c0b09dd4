import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES as M, signInFormSchema, signUpFormSchema } from './auth.ts';

const valid = {
  fullName: ' Aminata Kamara ',
  mobileNo: '+232 76 123456',
  email: ' a@b.sl ',
  password: 'secret1',
  confirmPassword: 'secret1',
};
const messages = (v: object) => {
  const r = signUpFormSchema.safeParse({ ...valid, ...v });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('signUpFormSchema (all messages at once)', () => {
  it('accepts and trims a valid form', () => {
    const r = signUpFormSchema.parse(valid);
    expect(r.fullName).toBe('Aminata Kamara');
    expect(r.email).toBe('a@b.sl');
  });
  it('uses the docs/product.md §5 messages', () => {
    expect(messages({ fullName: '  ' })).toEqual([M.fullNameRequired]);
    expect(messages({ mobileNo: '' })).toEqual([M.mobileRequired]);
    expect(messages({ mobileNo: '12345' })).toEqual([M.mobileInvalid]);
    expect(messages({ mobileNo: '1234567890123' })).toEqual([M.mobileInvalid]);
    expect(messages({ email: '' })).toEqual([M.emailRequired]);
    expect(messages({ email: 'nope' })).toEqual([M.emailInvalid]);
    expect(messages({ password: '', confirmPassword: '' })).toEqual([M.passwordRequired]);
    expect(messages({ password: '12345', confirmPassword: '12345' })).toEqual([M.passwordTooShort]);
    expect(messages({ confirmPassword: 'other1' })).toEqual([M.passwordsDoNotMatch]);
  });
});

describe('signUpFormSchema (all messages at once) all at once', () => {
  it('reports the mismatch alongside other errors', () => {
    expect(messages({ fullName: '', confirmPassword: 'x' })).toEqual([
      M.fullNameRequired,
      M.passwordsDoNotMatch,
    ]);
  });
});

describe('signInFormSchema', () => {
  it('requires both fields with the docs/product.md §5 messages and trims the email', () => {
    const r = signInFormSchema.safeParse({ email: '  ', password: '' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([
      M.emailRequired,
      M.passwordRequired,
    ]);
    expect(signInFormSchema.parse({ email: ' a@b.sl ', password: ' x ' })).toEqual({
      email: 'a@b.sl',
      password: ' x ',
    });
  });
});
