import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Customer360 } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { collectToasts } from '@/lib/testing/toasts';
import { StatusActions } from './status-actions';

const post = vi.fn(async () => ({ approvalId: 'req-1' }));
stubApiClient({ api: { post } });

describe('<StatusActions>', () => {
  it('a maker asks to activate, and the toast links to the request', async () => {
    const toasts = collectToasts();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PermissionsContext.Provider
          value={{ me: null, can: (p) => p === 'customers.create', reload: () => {} }}
        >
          <StatusActions customer={{ id: 7, status: 'Pending' } as Customer360} />
        </PermissionsContext.Provider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Approve and activate' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to activate' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'KYC verified');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      title: 'Sent for approval',
      link: { href: '/transactions/control/approve?request=req-1', label: 'View the request' },
    });
    expect(JSON.stringify(toasts[0])).not.toContain('(request');
  });
});
