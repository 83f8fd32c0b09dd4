import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_LOOKALIKE_MESSAGES } from '@bankmanager/contracts/auth';

const signUpMock = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { signUp: signUpMock, signOut: vi.fn(async () => ({ error: null })) } },
}));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const { SignUpRoute } = await import('./sign-up');

describe('sign-up page: look-alike e-mail addresses', () => {
  it('shows why on the e-mail field and sends nothing (the server refuses the same)', async () => {
    render(
      <MemoryRouter initialEntries={['/signup']}>
        <SignUpRoute />
      </MemoryRouter>,
    );
    const values = {
      'Full name': 'Aminata Kamara',
      'Mobile number': '+232 76 123456',
      // A Cyrillic "а" in the domain.
      Email: 'boss@b\u0430nk.sl',
      Password: 'secret1',
      'Confirm password': 'secret1',
    };
    for (const [label, v] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), v);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(EMAIL_LOOKALIKE_MESSAGES.mixedScripts)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(EMAIL_LOOKALIKE_MESSAGES.mixedScripts);
    expect(signUpMock).not.toHaveBeenCalled();
  });
});
