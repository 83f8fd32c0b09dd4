import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/lib/auth/auth-context';

const toastMock = vi.fn();
const config = vi.hoisted(() => ({
  publicConfig: { demoData: false, demoCredentials: { email: 'demo@bank.sl', password: 'demo-pass' } },
}));
vi.mock('@/lib/toast', () => ({ toast: toastMock }));
vi.mock('@/config/public-config', () => config);

async function renderPage(
  signIn: AuthContextValue['signIn'],
  from?: string,
  start = vi.fn(),
  signedUp?: string,
) {
  vi.resetModules();
  // Fresh modules so the page reads this test's public config; the context must come from the same copy.
  const { SignInRoute } = await import('./sign-in');
  const { AuthContext } = await import('@/lib/auth/auth-context');
  const auth = { signIn, start } as unknown as AuthContextValue;
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/signin',
            state: signedUp
              ? { email: signedUp }
              : from
                ? { from: { pathname: from, search: '?a=1', hash: '' } }
                : null,
          },
        ]}
      >
        <Routes>
          <Route path="/signin" element={<SignInRoute />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
          <Route path="/enquiries/account" element={<h1>Deep page</h1>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('sign-in page', () => {
  beforeEach(() => toastMock.mockReset());

  it('starts the auth client only when the visitor turns to the form, not with the page', async () => {
    config.publicConfig.demoData = false;
    const start = vi.fn();
    await renderPage(vi.fn(), undefined, start);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(start).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Email'));
    expect(start).toHaveBeenCalled();
  });

  it('is empty without demo data and requires both fields', async () => {
    config.publicConfig.demoData = false;
    const signIn = vi.fn();
    await renderPage(signIn);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // The check loads with the contracts' schema, so the messages appear a tick later.
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('after sign-up, prefills the new account’s e-mail, not the demo account', async () => {
    config.publicConfig.demoData = true;
    await renderPage(vi.fn(), undefined, vi.fn(), 'new.staff@bank.sl');
    expect(screen.getByLabelText('Email')).toHaveValue('new.staff@bank.sl');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('prefills the demo account in demo mode and returns to the requested page', async () => {
    config.publicConfig.demoData = true;
    const signIn = vi.fn().mockResolvedValue(undefined);
    await renderPage(signIn, '/enquiries/account');
    expect(screen.getByLabelText('Email')).toHaveValue('demo@bank.sl');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Deep page' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith('demo@bank.sl', 'demo-pass');
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Success',
      description: 'You have been signed in successfully',
      variant: 'success',
    });
  });

  it('goes to /dashboard by default and shows the error toast on failure', async () => {
    config.publicConfig.demoData = false;
    const signIn = vi
      .fn()
      .mockRejectedValueOnce(new Error('Invalid login credentials'))
      .mockResolvedValueOnce(undefined);
    await renderPage(signIn);
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.sl');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Authentication error',
      description: 'Invalid login credentials',
      variant: 'destructive',
    });
    // On the field too, with the cursor in it.
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Invalid login credentials');
    expect(password).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });
});
