import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PERMISSION_TEXT } from '@bankmanager/contracts/permissions';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { RequireAuth } from './require-auth';

function SignInProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <h1>Sign in from {from}</h1>;
}

function renderAt(
  path: string,
  auth: Partial<AuthContextValue>,
  requiresActivation = true,
  loadingFallback?: React.ReactNode,
  superusersOnly?: string,
) {
  const value = {
    status: 'signedIn',
    user: { id: 'u1' },
    activation: null,
    activationLoading: false,
    activationError: null,
    signingIn: false,
    start: vi.fn(),
    checkActivation: vi.fn(async () => {}),
    ...auth,
  } as unknown as AuthContextValue;
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/signin" element={<SignInProbe />} />
          <Route path="/new-user-dashboard" element={<h1>Pending page</h1>} />
          <Route
            path="*"
            element={
              <RequireAuth
                requiresActivation={requiresActivation}
                loadingFallback={loadingFallback}
                superusersOnly={superusersOnly}
              >
                <h1>Protected</h1>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return value;
}

describe('<RequireAuth>', () => {
  it('shows Loading... and asks for the activation status when unknown', () => {
    const auth = renderAt('/enquiries/account', {});
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(auth.checkActivation).toHaveBeenCalledTimes(1);
  });
  it("shows the route's own loading state (the dashboards' spinner) when given", () => {
    renderAt('/dashboard', {}, true, <p>Loading your dashboard...</p>);
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
  });
  it('sends a signed-out visitor to /signin with the requested location', () => {
    renderAt('/enquiries/account', { status: 'signedOut', user: null });
    expect(screen.getByRole('heading')).toHaveTextContent('Sign in from /enquiries/account');
  });
  it('sends a pending user to /new-user-dashboard', () => {
    renderAt('/enquiries/account', {
      activation: { isActivated: false, isSuperuser: false, statusVerified: true },
    });
    expect(screen.getByRole('heading', { name: 'Pending page' })).toBeInTheDocument();
  });
  it('lets an activated user in', () => {
    renderAt('/enquiries/account', {
      activation: { isActivated: true, isSuperuser: false, statusVerified: true },
    });
    expect(screen.getByRole('heading', { name: 'Protected' })).toBeInTheDocument();
  });
  it("tells an activated non-superuser the screen's own superusers-only message", () => {
    const message = 'Only superusers can read the audit trail.';
    const activation = { isActivated: true, isSuperuser: false, statusVerified: true };
    renderAt('/security/audit', { activation }, true, undefined, message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Protected' })).not.toBeInTheDocument();
  });
  it('lets a superuser into a superusers-only screen', () => {
    const activation = { isActivated: true, isSuperuser: true, statusVerified: true };
    renderAt('/security/audit', { activation }, true, undefined, 'Only superusers can read the audit trail.');
    expect(screen.getByRole('heading', { name: 'Protected' })).toBeInTheDocument();
  });
  it('shows the status error with a retry', () => {
    renderAt('/enquiries/account', { activationError: 'Request timed out while fetching user status' });
    expect(screen.getByRole('alert')).toHaveTextContent('Request timed out while fetching user status');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
  it("names the page and the permission it needs for a user without it, and sets the tab's title", async () => {
    render(
      <AuthContext.Provider
        value={
          {
            status: 'signedIn',
            user: { id: 'u1' },
            activation: { isActivated: true, isSuperuser: false, statusVerified: true },
            activationLoading: false,
            activationError: null,
            signingIn: false,
            start: vi.fn(),
            checkActivation: vi.fn(),
          } as unknown as AuthContextValue
        }
      >
        <PermissionsContext.Provider
          value={{
            me: { roles: [], permissions: [], limits: [], homeBranch: null } as never,
            can: () => false,
            reload: () => {},
          }}
        >
          <MemoryRouter initialEntries={['/security/audit']}>
            <RequireAuth requiresActivation permission="audit.read" title="Audit">
              <h1>Protected</h1>
            </RequireAuth>
          </MemoryRouter>
        </PermissionsContext.Provider>
      </AuthContext.Provider>,
    );
    // The refusal is its own chunk (the permission labels stay out of the first visit's script).
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Audit');
    expect(screen.getByRole('alert')).toHaveTextContent(PERMISSION_TEXT.noAccessPage);
    expect(screen.getByRole('alert')).toHaveTextContent('“Read the audit trail”');
    expect(document.title).toBe('Audit – BankManager');
    expect(screen.queryByText('Protected')).not.toBeInTheDocument();
  });
});
