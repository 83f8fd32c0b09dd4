import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as profileTheme from '@/features/theme/api/profile-theme';
import * as authSession from '@/lib/auth/auth-session';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// A signed-in, activated superuser unless a test says otherwise.
type TestUser = { id: string; email: string; user_metadata: Record<string, unknown> } | null;
const session: { user: TestUser; activated: boolean } = { user: null, activated: true };
stubFunctions(authSession, {
  subscribeToAuth: (onUser: (u: unknown) => void) => {
    queueMicrotask(() => onUser(session.user));
    return () => {};
  },
  getUserStatus: async () => ({ isActivated: session.activated, isSuperuser: session.activated }),
  signInFlow: vi.fn(),
  signOutFlow: vi.fn(),
});
stubFunctions(profileTheme, {
  loadProfileTheme: async () => 'light',
  saveProfileTheme: async () => {},
});
// The superuser's permissions answer at once; every other call stays pending.
stubApiClient({
  api: {
    get: (path: string) =>
      path === '/me/permissions'
        ? Promise.resolve({ permissions: [], roles: [], homeBranch: null, isSuperuser: true, limits: [] })
        : new Promise(() => {}),
  },
});

// The first visit to a lazy route transforms its chunk on the fly; on a busy machine that takes seconds.
const LAZY = { timeout: 15_000 };

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe('app routes', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: false,
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
    session.user = { id: 'u1', email: 'binta@bank.sl', user_metadata: { fullName: 'Binta Conteh' } };
    session.activated = true;
  });
  // The files after this one in the worker share its globals.
  afterEach(() => vi.unstubAllGlobals());

  it('tells a pending user why the menu is empty', async () => {
    session.activated = false;
    renderAt('/new-user-dashboard');
    expect(await screen.findByText('Pending Activation', {}, LAZY)).toBeInTheDocument();
    expect(
      screen.getByText('The banking menu appears once an administrator activates your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menubar')).not.toBeInTheDocument();
  });

  it('opens a module page with the header for a menu path', async () => {
    renderAt('/transactions/waste');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waste Processing' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByText('Not yet available')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /signed in as Binta Conteh/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('menubar', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByText('Pending Activation')).not.toBeInTheDocument();
  });

  it('shows a 404 for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY)).toBeInTheDocument();
  });

  it('hides the menu bar on /signin even when signed in', async () => {
    renderAt('/signin');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('menubar')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor from a deep link to /signin', async () => {
    session.user = null;
    renderAt('/enquiries/account');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('menubar')).not.toBeInTheDocument();
  });

  it('renders an analytics placeholder with Back to Dashboard', async () => {
    renderAt('/dashboards/loan-performance');
    expect(await screen.findByRole('heading', { name: 'Loan Performance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
