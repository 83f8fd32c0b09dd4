import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApiClient } from '@/lib/testing/stubs';
import { BusinessDateBadge } from './business-date-badge';

const get = vi.fn(async () => ({ business_date: '2026-11-20', follows_calendar: false }));
stubApiClient({ api: { get } });

function renderBadge(enabled: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BusinessDateBadge enabled={enabled} />
    </QueryClientProvider>,
  );
}

describe('BusinessDateBadge', () => {
  it('shows the bank’s business date, not the calendar date', async () => {
    renderBadge(true);
    const badge = await screen.findByTestId('business-date');
    expect(badge.textContent).toBe('Business date November 20, 2026');
    expect(badge.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20');
    expect(badge.getAttribute('title')).toBe('Set by end of day');
  });

  it('asks nothing for a caller who may not read it (pending staff)', () => {
    get.mockClear();
    const { container } = renderBadge(false);
    expect(container.textContent).toBe('');
    expect(get).not.toHaveBeenCalled();
  });
});

describe('BusinessDateBadge in the menu drawer', () => {
  it('is shown at every width (the phone header has no room for it)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BusinessDateBadge enabled inDrawer />
      </QueryClientProvider>,
    );
    const badge = await screen.findByTestId('business-date-drawer');
    expect(badge.className).not.toMatch(/\bhidden\b/);
    expect(badge.textContent).toContain('Business date');
  });
});
