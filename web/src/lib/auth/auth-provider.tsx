import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState, type StartOptions } from './auth-context';
import { maybeSignedIn } from './stored-session';

const INITIAL: AuthState = {
  status: 'idle',
  user: null,
  activation: null,
  activationLoading: false,
  activationError: null,
  signingIn: false,
  secondFactorPending: false,
};

const loadSession = () => import('./auth-session');

/**
 * Auth state for the whole app (docs/product.md §4). supabase-js is loaded on first need: never on the
 * landing page, and on the sign-in and sign-up pages only when a session is stored or the visitor
 * starts on the form (docs/decisions/0017-wire-budget.md).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(INITIAL);
  const started = useRef(false);

  const start = useCallback((opts: StartOptions = {}) => {
    if (started.current) return;
    if (opts.onlyIfStored && !maybeSignedIn()) {
      // Known to be signed out without the auth client: it loads on a later start() (signing in).
      setState((s) => (s.status === 'idle' ? { ...s, status: 'signedOut' } : s));
      return;
    }
    started.current = true;
    setState((s) => ({ ...s, status: 'loading' }));
    void loadSession().then((m) =>
      m.subscribeToAuth((user, event) =>
        setState((s) => {
          if (!user) return { ...INITIAL, status: 'signedOut' };
          // The code was accepted: the session is aal2 now, so the status is asked again.
          if (event === 'MFA_CHALLENGE_VERIFIED' && s.secondFactorPending)
            return { ...s, user, activation: null, activationError: null, secondFactorPending: false };
          // A different user (or none before) starts with an unknown activation status.
          const sameUser = s.user?.id === user.id;
          return {
            ...s,
            status: 'signedIn',
            user,
            activation: sameUser ? s.activation : s.signingIn ? s.activation : null,
            activationError: sameUser ? s.activationError : null,
          };
        }),
      ),
    );
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      start();
      const m = await loadSession();
      setState((s) => ({ ...s, signingIn: true }));
      try {
        const user = await m.signInFlow(email, password, {
          resetStatus: () => setState((s) => ({ ...s, activation: null, activationError: null })),
          setStatus: (activation) => setState((s) => ({ ...s, activation })),
        });
        setState((s) => ({ ...s, status: 'signedIn', user }));
      } finally {
        setState((s) => ({ ...s, signingIn: false }));
      }
    },
    [start],
  );

  const signOut = useCallback(async () => {
    const m = await loadSession();
    await m.signOutFlow();
    setState({ ...INITIAL, status: 'signedOut' });
  }, []);

  const checkActivation = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    if (!quiet) setState((s) => ({ ...s, activationLoading: true, activationError: null }));
    try {
      const m = await loadSession();
      const status = await m.getUserStatus();
      setState((s) => ({ ...s, activationLoading: false, activation: { ...status, statusVerified: true } }));
    } catch (err) {
      if ((err as { code?: unknown }).code === 'insufficient_aal') {
        setState((s) => ({ ...s, activationLoading: false, secondFactorPending: true }));
        return;
      }
      if (!quiet) {
        setState((s) => ({
          ...s,
          activationLoading: false,
          activationError: err instanceof Error ? err.message : String(err),
        }));
        return;
      }
      // A background check that finds the session ended (ban, "end all sessions") signs out.
      if ((err as { status?: unknown }).status === 401) {
        const m = await loadSession();
        await m.signOutFlow();
        setState({ ...INITIAL, status: 'signedOut' });
      }
    }
  }, []);

  const value = useMemo(
    () => ({ ...state, start, signIn, signOut, checkActivation }),
    [state, start, signIn, signOut, checkActivation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
