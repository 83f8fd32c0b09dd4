import type { AuthChangeEvent, User } from '@supabase/supabase-js';
import { supabase, AUTH_STORAGE_KEY } from '@/lib/supabase';
import type { Activation } from './auth-context';
import { clearBrowserState } from './clear-browser-state';

/*
 * Everything that needs supabase-js. The provider imports this module lazily so the landing page's
 * JavaScript stays small; session refresh and auth events are supabase-js's own.
 */

// The /api calls validate with zod (~24 KB gzip); they load when first used, after the sign-in page is up.
export const getUserStatus = async () => (await import('./get-user-status')).getUserStatus();
const activateFirstUser = async () => (await import('./activate-first-user')).activateFirstUser();

let userSigningOut = false;

/** Follows supabase-js auth events (INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, SIGNED_OUT…). */
export function subscribeToAuth(onUser: (user: User | null, event: AuthChangeEvent) => void): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT' && !userSigningOut) {
      // Not asked for by the user: an unrecoverable refresh error or a revoked session. Make sure no
      // stale session survives in storage (docs/product.md §4).
      try {
        localStorage.removeItem(AUTH_STORAGE_KEY);
      } catch {
        /* storage blocked */
      }
    }
    onUser(session?.user ?? null, event);
  });
  return () => data.subscription.unsubscribe();
}

export interface SignInHooks {
  resetStatus: () => void;
  setStatus: (activation: Activation | null) => void;
}

/**
 * docs/product.md §4 sign-in order: reset status → sign in → activate-first-user → status from the response.
 */
export async function signInFlow(email: string, password: string, hooks: SignInHooks): Promise<User> {
  hooks.resetStatus();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  try {
    const res = await activateFirstUser();
    hooks.setStatus(
      res.user
        ? { isActivated: res.user.approved, isSuperuser: res.user.is_superuser, statusVerified: true }
        : { isActivated: false, isSuperuser: false, statusVerified: true },
    );
  } catch (err) {
    // The call itself failed (network, 5xx): leave the status unknown so the guard asks GET /api/user/status.
    console.error('activate-first-user failed', err);
    hooks.setStatus(null);
  }
  return data.user;
}

/**
 * docs/product.md §4 sign-out: end the session (a failure is only logged), then clear storage and cookies.
 */
export async function signOutFlow(): Promise<void> {
  userSigningOut = true;
  try {
    const { error } = await supabase.auth.signOut();
    if (error) console.error('Sign-out failed', error);
  } catch (err) {
    console.error('Sign-out failed', err);
  } finally {
    userSigningOut = false;
    clearBrowserState();
  }
}
