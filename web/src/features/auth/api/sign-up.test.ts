import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@bankmanager/contracts/auth-messages';

const signUpMock = vi.fn();
const signOutMock = vi.fn(async () => ({ error: null }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: { signUp: signUpMock, signOut: signOutMock } } }));
const { signUp, SignUpError } = await import('./sign-up');

const values = {
  fullName: '  Aminata Kamara ',
  mobileNo: ' 076123456 ',
  email: ' a@b.sl ',
  password: 'secret1',
  confirmPassword: 'secret1',
};
const ok = { data: { user: { id: 'u1' } }, error: null };
const dbError = {
  data: { user: null },
  error: Object.assign(new Error('Database error saving new user'), { code: 'unexpected_failure' }),
};

describe('signUp', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signUpMock.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('trims the fields and sends bank_code CB', async () => {
    signUpMock.mockResolvedValue(ok);
    await signUp(values);
    expect(signUpMock).toHaveBeenCalledWith({
      email: 'a@b.sl',
      password: 'secret1',
      options: { data: { fullName: 'Aminata Kamara', mobileNo: '076123456', bank_code: 'CB' } },
    });
  });

  it('retries after 1 s, 2 s and 4 s on Database error, then gives up', async () => {
    signUpMock.mockResolvedValue(dbError);
    const result = signUp(values).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(signUpMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(signUpMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(signUpMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(signUpMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(signUpMock).toHaveBeenCalledTimes(4);
    const err = await result;
    expect(err).toBeInstanceOf(SignUpError);
    expect((err as Error).message).toBe(AUTH_MESSAGES.signUpRetriesExhausted);
  });

  it('succeeds on a retry', async () => {
    signUpMock.mockResolvedValueOnce(dbError).mockResolvedValueOnce(ok);
    const done = signUp(values);
    await vi.advanceTimersByTimeAsync(1000);
    // The trimmed e-mail, to prefill the sign-in page; no session: a confirmation e-mail was sent.
    await expect(done).resolves.toEqual({ email: 'a@b.sl', confirmed: false });
    expect(signUpMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('Signups not allowed'), { code: 'signup_disabled' }),
    });
    await expect(signUp(values)).rejects.toThrow('Signups not allowed');
    expect(signUpMock).toHaveBeenCalledTimes(1);
  });

  it('maps duplicates to their field and message', async () => {
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('x'), { code: 'mobile_exists' }),
    });
    await expect(signUp(values)).rejects.toMatchObject({
      message: AUTH_MESSAGES.mobileAlreadyRegistered,
      field: 'mobileNo',
    });
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('x'), { code: 'MOBILE_ALREADY_EXISTS' }),
    });
    await expect(signUp(values)).rejects.toMatchObject({ field: 'mobileNo' });
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('x'), { code: 'user_already_exists' }),
    });
    await expect(signUp(values)).rejects.toMatchObject({
      message: AUTH_MESSAGES.emailAlreadyRegistered,
      field: 'email',
    });
  });

  it('ends an auto-confirmed session locally so the user signs in on /signin', async () => {
    signUpMock.mockResolvedValue({
      data: { user: { id: 'u1' }, session: { access_token: 't' } },
      error: null,
    });
    await signUp(values);
    expect(signOutMock).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('fails when no user is returned', async () => {
    signUpMock.mockResolvedValue({ data: { user: null }, error: null });
    await expect(signUp(values)).rejects.toThrow(AUTH_MESSAGES.signUpNoUser);
  });
});
