import { beforeEach, describe, expect, it, vi } from 'vitest';
import { supabase } from '@/lib/supabase';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { signInFlow, subscribeToAuth } from './auth-session';

const calls: string[] = [];
const signInWithPassword = vi.fn();
const post = vi.fn();
const onAuthStateChange = vi.fn();

stubFunctions(supabase.auth, {
  signInWithPassword,
  signOut: vi.fn(async () => ({ error: null })),
  onAuthStateChange,
});
stubApiClient({ api: { post, get: vi.fn() } });

const hooks = () => ({
  resetStatus: vi.fn(() => calls.push('reset')),
  setStatus: vi.fn((s: unknown) => calls.push(`status:${JSON.stringify(s)}`)),
});

describe('signInFlow (docs/product.md §4 order)', () => {
  beforeEach(() => {
    calls.length = 0;
    signInWithPassword.mockReset().mockImplementation(async () => {
      calls.push('signIn');
      return { data: { user: { id: 'u1' }, session: {} }, error: null };
    });
    post.mockReset();
  });

  it('resets status, signs in, calls activate-first-user, then sets status from the response', async () => {
    post.mockImplementation(async (path: string) => {
      calls.push(`post:${path}`);
      return { success: true, user: { approved: true, is_superuser: true } };
    });
    const h = hooks();
    const user = await signInFlow('a@b.sl', 'secret1', h);
    expect(user).toEqual({ id: 'u1' });
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'a@b.sl', password: 'secret1' });
    expect(calls).toEqual([
      'reset',
      'signIn',
      'post:/users/activate-first-user',
      `status:${JSON.stringify({ isActivated: true, isSuperuser: true, statusVerified: true })}`,
    ]);
  });

  it('sets both flags false when no user comes back', async () => {
    post.mockResolvedValue({ success: false, message: 'Unknown error occurred' });
    const h = hooks();
    await signInFlow('a@b.sl', 'secret1', h);
    expect(h.setStatus).toHaveBeenCalledWith({
      isActivated: false,
      isSuperuser: false,
      statusVerified: true,
    });
  });

  it('stops at a failed sign-in without calling the API', async () => {
    signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: new Error('Invalid login credentials'),
    });
    const h = hooks();
    await expect(signInFlow('a@b.sl', 'bad', h)).rejects.toThrow('Invalid login credentials');
    expect(h.resetStatus).toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(h.setStatus).not.toHaveBeenCalled();
  });
});

describe('subscribeToAuth', () => {
  it('removes the stored session on a SIGNED_OUT the user did not ask for', () => {
    let listener: ((event: string, session: unknown) => void) | undefined;
    onAuthStateChange.mockImplementation((cb: unknown) => {
      listener = cb as typeof listener;
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    });
    const onUser = vi.fn();
    subscribeToAuth(onUser);
    localStorage.setItem('bankmanager-auth-storage', '{"stale":true}');
    listener?.('SIGNED_OUT', null);
    expect(localStorage.getItem('bankmanager-auth-storage')).toBeNull();
    expect(onUser).toHaveBeenCalledWith(null, 'SIGNED_OUT');
  });
});
