import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth, type AuthContextValue } from './auth-context';
import { AUTH_STORAGE_KEY } from './stored-session';

const subscribeToAuth = vi.fn((onUser: (u: null) => void) => {
  onUser(null);
  return () => {};
});
vi.mock('./auth-session', () => ({ subscribeToAuth }));

const { AuthProvider } = await import('./auth-provider');

/** Renders the provider and calls start() as the root layout does on the sign-in page. */
async function startOnSignIn(): Promise<AuthContextValue> {
  let auth: AuthContextValue | undefined;
  function Probe() {
    const value = useAuth();
    auth = value;
    const { start } = value;
    useEffect(() => start({ onlyIfStored: true }), [start]);
    return null;
  }
  await act(async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
  });
  return auth!;
}

describe('AuthProvider on the sign-in page', () => {
  afterEach(() => {
    localStorage.clear();
    subscribeToAuth.mockClear();
  });

  it('with no stored session, is signed out without loading the auth client', async () => {
    const auth = await startOnSignIn();
    expect(auth.status).toBe('signedOut');
    expect(subscribeToAuth).not.toHaveBeenCalled();
  });

  it('with a stored session, loads the auth client to restore it', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    await startOnSignIn();
    await vi.waitFor(() => expect(subscribeToAuth).toHaveBeenCalled());
  });
});
