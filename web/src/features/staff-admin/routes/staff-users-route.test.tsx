import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE, type StaffListItem } from '@bankmanager/contracts';
import * as toasts from '@/lib/toast';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { StaffUsersRoute } from './staff-users-route';

const pending: StaffListItem = {
  id: 'u9',
  fullName: 'Fatmata Sesay',
  email: 'fatmata@bank.sl',
  mobileNo: '+23276000000',
  bankCode: '001',
  status: 'pending',
  isSuperuser: false,
  lastSignInAt: null,
  mfaEnabled: false,
  createdAt: '2026-01-05T09:00:00Z',
  approvedAt: null,
  approvedBy: null,
  bannedUntil: null,
};
const get = vi.fn(async (path: string, opts?: { onResponse?: (r: Response) => void }) => {
  if (path.startsWith('/admin/staff?')) {
    opts?.onResponse?.(new Response(null, { headers: { 'x-total-count': '1' } }));
    return [pending];
  }
  return pending;
});
const post = vi.fn(async (path: string): Promise<unknown> => {
  if (path.endsWith('/approve')) return { action: 'approve', user: { ...pending, status: 'active' } };
  throw new Error('The last active superuser cannot be banned');
});
stubApiClient({ api: { get, post } });
const toast = vi.fn();
stubFunctions(toasts, { toast });

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <StaffUsersRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('StaffUsersRoute', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('lists staff and filters by status', async () => {
    renderAt('/security/users');
    await screen.findByText('fatmata@bank.sl');
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('status=pending'), expect.anything());
  });

  it('asks for the URL’s search, filter and page, dropping a page or search the server would refuse', async () => {
    renderAt('/security/users?q=fat&filter=pending&page=2');
    await screen.findByText('fatmata@bank.sl');
    const asked = new URLSearchParams(String(get.mock.calls.at(-1)?.[0]).split('?')[1]);
    expect(Object.fromEntries(asked)).toMatchObject({ q: 'fat', status: 'pending', page: '2' });
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    cleanup();
    renderAt(`/security/users?q=${'x'.repeat(101)}&page=1e12`);
    await screen.findByText('fatmata@bank.sl');
    const bad = new URLSearchParams(String(get.mock.calls.at(-1)?.[0]).split('?')[1]);
    expect(bad.has('q')).toBe(false);
    expect(Number(bad.get('page'))).toBe(MAX_PAGE);
  });

  it('opens the Review dialog from ?review= and approves', async () => {
    renderAt('/security/users?review=u9');
    const dialog = await screen.findByRole('dialog', { name: 'Review new staff user' });
    await screen.findAllByText('Fatmata Sesay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(post).toHaveBeenCalledWith('/admin/staff/u9/approve', expect.anything());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'success' }));
  });

  it('shows a refused action as a destructive toast', async () => {
    renderAt('/security/users');
    await screen.findByText('fatmata@bank.sl');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Fatmata Sesay' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ban' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm ban' }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: 'destructive',
        description: 'The last active superuser cannot be banned',
      }),
    );
  });
});
