import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BranchProvider } from '@/lib/branch';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { lastQuery } from '@/lib/testing/render-at-url';
import { PendingApprovals } from './pending-approvals';
import { getInboxPage, inboxDefaults } from '@/lib/approvals-inbox';
import * as realtime from '@/lib/realtime';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(realtime, { useLiveRefetch: () => false });

describe('PendingApprovals: the dashboard count is the inbox’s total', () => {
  beforeEach(() => {
    localStorage.setItem('bankmanager-branch', '001');
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '3' } }));
      return Promise.resolve([]);
    });
  });

  it('asks the inbox’s own query with the header’s branch, and says its total', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BranchProvider>
          <PermissionsContext.Provider
            value={{ me: null, can: (p) => p === 'approvals.decide', reload: () => {} }}
          >
            <MemoryRouter>
              <PendingApprovals />
            </MemoryRouter>
          </PermissionsContext.Provider>
        </BranchProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('3 approval requests are waiting for you');
    const dashboard = lastQuery(get.mock.calls, '/approvals');
    // The inbox's query for its first page, with the inbox's default filters for the same branch.
    await getInboxPage(inboxDefaults('001'), 0, 1);
    const inbox = lastQuery(get.mock.calls, '/approvals');
    expect(dashboard).toEqual(inbox);
    expect(dashboard).toMatchObject({ scope: 'decide', status: 'pending', branch: '001' });
  });
});
