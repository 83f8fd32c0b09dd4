import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, SIGN_UP_MESSAGES as M } from '@bankmanager/contracts/auth-messages';
import { SIGN_UP_CONFIRMED_DESCRIPTION } from '@bankmanager/contracts/auth';

const signUpMock = vi.fn();
const toastMock = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { signUp: signUpMock, signOut: vi.fn(async () => ({ error: null })) } },
}));
vi.mock('@/lib/toast', () => ({ toast: toastMock }));
const { SignUpRoute } = await import('./sign-up');

function SignInProbe() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return <h1>Sign in page{email ? ` for ${email}` : ''}</h1>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <Routes>
        <Route path="/signup" element={<SignUpRoute />} />
        <Route path="/signin" element={<SignInProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fill(
  values: Partial<Record<'Full name' | 'Mobile number' | 'Email' | 'Password' | 'Confirm password', string>>,
) {
  for (const [label, v] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    if (v) await userEvent.type(input, v);
  }
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('sign-up page', () => {
  beforeEach(() => {
    signUpMock.mockReset();
    toastMock.mockReset();
  });

  it('shows the required messages on the fields', async () => {
    renderPage();
    await submit();
    for (const m of [M.fullNameRequired, M.mobileRequired, M.emailRequired, M.passwordRequired]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    const fullName = screen.getByLabelText('Full name');
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(fullName).toHaveAccessibleDescription(M.fullNameRequired);
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it('shows the format messages', async () => {
    renderPage();
    await fill({
      'Full name': 'A',
      'Mobile number': '12345',
      Email: 'nope',
      Password: '12345',
      'Confirm password': '54321',
    });
    await submit();
    for (const m of [M.mobileInvalid, M.emailInvalid, M.passwordTooShort, M.passwordsDoNotMatch]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
  });

  const valid = {
    'Full name': 'Aminata Kamara',
    'Mobile number': '+232 76 123456',
    Email: 'aminata@bank.sl',
    Password: 'secret1',
    'Confirm password': 'secret1',
  };

  it('creates the account, toasts and goes to /signin', async () => {
    signUpMock.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    renderPage();
    await fill(valid);
    await submit();
    // The sign-in page gets the new account's e-mail to prefill.
    expect(
      await screen.findByRole('heading', { name: 'Sign in page for aminata@bank.sl' }),
    ).toBeInTheDocument();
    // A confirmation e-mail was sent (no session): the SPEC's text.
    expect(toastMock).toHaveBeenCalledWith({
      title: AUTH_MESSAGES.signUpSuccessTitle,
      description: AUTH_MESSAGES.signUpSuccessDescription,
      variant: 'success',
    });
  });

  it('says an administrator activates the account when it is confirmed at once (auto-confirm)', async () => {
    signUpMock.mockResolvedValue({
      data: { user: { id: 'u1' }, session: { access_token: 't' } },
      error: null,
    });
    renderPage();
    await fill(valid);
    await submit();
    await screen.findByRole('heading', { name: 'Sign in page for aminata@bank.sl' });
    expect(toastMock).toHaveBeenCalledWith({
      title: AUTH_MESSAGES.signUpSuccessTitle,
      description: SIGN_UP_CONFIRMED_DESCRIPTION,
      variant: 'success',
    });
    expect(SIGN_UP_CONFIRMED_DESCRIPTION).toMatch(/administrator activates your account/);
  });

  it('puts a duplicate mobile number on its field and in a toast', async () => {
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('exists'), { code: 'mobile_exists' }),
    });
    renderPage();
    await fill(valid);
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
        AUTH_MESSAGES.mobileAlreadyRegistered,
      ),
    );
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Registration error',
      description: AUTH_MESSAGES.mobileAlreadyRegistered,
      variant: 'destructive',
    });
  });

  it('puts a duplicate email on its field', async () => {
    signUpMock.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('exists'), { code: 'email_exists' }),
    });
    renderPage();
    await fill(valid);
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        AUTH_MESSAGES.emailAlreadyRegistered,
      ),
    );
  });
});
