import { describe, expect, it } from 'vitest';
import { EMAIL_LOOKALIKE_MESSAGES as M, emailLookalikeProblem } from './email-lookalike.ts';
import { signUpFormSchema } from './auth.ts';

describe('emailLookalikeProblem', () => {
  it('accepts plain addresses, and addresses in one alphabet', () => {
    for (const ok of [
      'boss@bank.sl',
      'a.kamara+ops@bank-hq.sl',
      'иван@почта.рф',
      'δοκιμή@παράδειγμα.δοκιμή',
      'josé@bank.sl',
    ])
      expect(emailLookalikeProblem(ok), ok).toBeUndefined();
  });
  it('refuses invisible characters', () => {
    for (const ch of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u202e',
      '\u034f',
      '\ufe0f',
      '\u0007',
    ])
      expect(emailLookalikeProblem(`boss${ch}@bank.sl`), ch.codePointAt(0)?.toString(16)).toBe(M.invisible);
  });
  it('refuses mixed alphabets: a Cyrillic а, a Greek ο, an Arabic-Indic digit among Latin letters', () => {
    expect(emailLookalikeProblem('boss@b\u0430nk.sl')).toBe(M.mixedScripts);
    expect(emailLookalikeProblem('b\u03bfss@bank.sl')).toBe(M.mixedScripts);
    expect(emailLookalikeProblem('boss\u0661@bank.sl')).toBe(M.mixedScripts);
  });
  it('refuses compatibility forms (full-width letters, ligatures)', () => {
    expect(emailLookalikeProblem('\uff42oss@bank.sl')).toBe(M.compatibility);
    expect(emailLookalikeProblem('o\ufb03ce@bank.sl')).toBe(M.compatibility);
  });
  it('gives the sign-up form the message on the e-mail field', () => {
    const r = signUpFormSchema.safeParse({
      fullName: 'Boss',
      mobileNo: '+232 76 123456',
      email: 'boss@b\u0430nk.sl',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['email'], message: M.mixedScripts })]);
  });
});
