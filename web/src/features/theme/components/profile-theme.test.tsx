import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ loadProfileTheme: vi.fn(), saveProfileTheme: vi.fn() }));
vi.mock('../api/profile-theme', () => api);
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const { ThemeProvider } = await import('@/lib/theme');
const { ProfileThemeToggle, useProfileThemeSync } = await import('./profile-theme');

function Header() {
  useProfileThemeSync('u1');
  return <ProfileThemeToggle userId="u1" />;
}
const renderHeader = () =>
  render(
    <ThemeProvider>
      <Header />
    </ThemeProvider>,
  );
const isDark = () => document.documentElement.classList.contains('dark');

describe('profile theme', () => {
  beforeEach(() => {
    localStorage.clear();
    api.loadProfileTheme.mockReset();
    api.saveProfileTheme.mockReset().mockResolvedValue(undefined);
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: true,
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
  });

  it('applies the stored theme', async () => {
    api.loadProfileTheme.mockResolvedValue('light');
    renderHeader();
    await waitFor(() => expect(isDark()).toBe(false));
    expect(localStorage.getItem('bankmanager-theme')).toBe('light');
    expect(api.saveProfileTheme).not.toHaveBeenCalled();
  });

  it('uses and saves the system preference when none is stored', async () => {
    api.loadProfileTheme.mockResolvedValue(null);
    renderHeader();
    await waitFor(() => expect(api.saveProfileTheme).toHaveBeenCalledWith('u1', 'dark'));
    expect(isDark()).toBe(true);
  });

  it('keeps and saves the theme chosen before sign-in when none is stored', async () => {
    localStorage.setItem('bankmanager-theme', 'light');
    api.loadProfileTheme.mockResolvedValue(null);
    renderHeader();
    await waitFor(() => expect(api.saveProfileTheme).toHaveBeenCalledWith('u1', 'light'));
    expect(isDark()).toBe(false);
  });

  it('flips and saves, and reverts when saving fails', async () => {
    api.loadProfileTheme.mockResolvedValue('light');
    renderHeader();
    await waitFor(() => expect(isDark()).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(api.saveProfileTheme).toHaveBeenLastCalledWith('u1', 'dark');
    expect(isDark()).toBe(true);
    api.saveProfileTheme.mockRejectedValueOnce(new Error('offline'));
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    await waitFor(() => expect(isDark()).toBe(true));
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('keeps a toggle made while the stored theme was still loading', async () => {
    let answer: (t: string) => void = () => {};
    api.loadProfileTheme.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderHeader();
    expect(isDark()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(api.saveProfileTheme).toHaveBeenLastCalledWith('u1', 'light');
    answer('dark');
    await new Promise((r) => setTimeout(r, 0)); // the load's answer runs
    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });
});
