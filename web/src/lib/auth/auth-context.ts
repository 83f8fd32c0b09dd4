import { createContext, useContext } from 'react';
import type { User } from '@supabase/supabase-js';

/** Activation status from the server (docs/product.md §4): null until checked. */
export interface Activation {
  isActivated: boolean;
  isSuperuser: boolean;
  /** True once the status came from the server (sign-in response or GET /api/user/status). */
  statusVerified: boolean;
}

export interface AuthState {
  /** idle: not started (the landing page never loads the auth client). */
  status: 'idle' | 'loading' | 'signedIn' | 'signedOut';
  user: User | null;
  activation: Activation | null;
  activationLoading: boolean;
  activationError: string | null;
  /** True between pressing Sign In and the activate-first-user answer. */
  signingIn: boolean;
  /**
   * The server refused this session until the second factor is passed (a reload of a password-only
   * session of a user with an authenticator): the guard sends the user to the code screen.
   */
  secondFactorPending: boolean;
}

export interface StartOptions {
  /** Load the auth client only if a session may exist; else just mark the visitor signed out. */
  onlyIfStored?: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Loads the auth client and restores the session (idempotent). */
  start: (opts?: StartOptions) => void;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /**
   * GET /api/user/status. `quiet` re-checks in the background (no loading state, errors ignored)
   * and signs out when the server says the session has ended (401).
   */
  checkActivation: (opts?: { quiet?: boolean }) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
