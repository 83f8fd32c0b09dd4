import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

function Where() {
  const l = useLocation();
  return <output aria-label="current url">{l.pathname + l.search}</output>;
}

/**
 * Tests only: renders a screen at `url` with a fresh query client and a memory router, and reads the URL
 * the screen has moved to since, for the list screens whose page, sort and filters live in the URL.
 */
export function renderAtUrl(ui: ReactElement, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, url: () => screen.getByLabelText('current url').textContent ?? '' };
}

/** The query string of the last `api.get` call whose path starts with `path`, as an object. */
export function lastQuery(calls: unknown[][], path: string): Record<string, string> {
  const hit = calls.map(([p]) => String(p)).findLast((p) => p.startsWith(`${path}?`));
  if (!hit) throw new Error(`no request to ${path}`);
  return Object.fromEntries(new URLSearchParams(hit.slice(path.length + 1)));
}
