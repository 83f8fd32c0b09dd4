import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { holds, type Permission } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';

const { getPage } = vi.hoisted(() => ({ getPage: vi.fn() }));
vi.mock('@/lib/get-page', () => ({ getPage }));
const { AmlAlertsRoute } = await import('./aml-alerts-route');

function renderAs(permissions: Permission[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => holds({ permissions, isSuperuser: false }, p), reload: () => {} }}
      >
        <MemoryRouter initialEntries={['/compliance/alerts']}>
          <AmlAlertsRoute />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

const lastParams = () => (getPage.mock.calls.at(-1)![2] as { params: Record<string, string> }).params;

describe('the alert queue’s dates', () => {
  it('are typed day first, and reach the query only once whole', async () => {
    getPage.mockResolvedValue({ rows: [], total: 0 });
    renderAs(['aml.alerts', 'aml.cases']);
    await waitFor(() => expect(getPage).toHaveBeenCalled());
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '27/11');
    // Half a date stays in its box and asks for nothing.
    expect(Object.values(lastParams())).not.toContain('27/11');
    await userEvent.type(from, '/2026');
    await waitFor(() => expect(lastParams()).toMatchObject({ from: '2026-11-27' }));
  });
});
