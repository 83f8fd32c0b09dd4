import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { LandingRoute } from './landing';

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingRoute /> },
      { path: '/signin', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}

describe('landing page', () => {
  it('shows the three feature blurbs and leads to /signin', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: false,
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
    renderLanding();
    for (const title of ['Secure Banking', 'Le Currency', 'Analytics']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('link', { name: 'Enter Application' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });
});
