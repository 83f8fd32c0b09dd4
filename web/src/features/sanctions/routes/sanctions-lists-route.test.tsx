import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SanctionsListVersion } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { SanctionsListsRoute } from './sanctions-lists-route';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post, put: vi.fn() } });

const V1: SanctionsListVersion = {
  id: '1',
  source: 'un',
  version: 1,
  status: 'active',
  fileName: 'consolidated.xml',
  generatedAt: '2026-11-20T09:00:01.000Z',
  entries: 3,
  added: 3,
  changed: 0,
  removed: 0,
  uploadedBy: 'maker@bank.sl',
  uploadedAt: '2026-11-27 09:00:00+00',
  approvalId: 'a',
  decidedBy: 'checker@bank.sl',
  decidedAt: '2026-11-27 09:30:00+00',
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SanctionsListsRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Sanctions Lists', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (_path: string, opts: { onResponse?: (r: Response) => void }) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [V1];
    });
  });

  it('lists the imports with their versions and counts', async () => {
    renderAt('/compliance/sanctions-lists');
    const table = await screen.findByRole('table', { name: /Sanctions list imports/ });
    const row = within(table).getByText('UN Security Council consolidated list').closest('tr')!;
    expect(within(row).getByText('In force')).toBeInTheDocument();
    expect(within(row).getByText('consolidated.xml (list of 2026-11-20)')).toBeInTheDocument();
  });

  it('uploads the chosen file to the chosen list and says what goes for approval', async () => {
    post.mockResolvedValue({
      approvalId: 'A-1',
      versionId: '2',
      entries: 2,
      added: 2,
      changed: 0,
      removed: 0,
    });
    renderAt('/compliance/sanctions-lists');
    await userEvent.selectOptions(screen.getByLabelText('List'), 'local');
    const file = new File(['reference,type,name\n'], 'domestic.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('List file (CSV)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload for approval' }));
    expect(await screen.findByText(/Sent for approval: 2 entries — 2 added/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/sanctions/lists/local', {
      body: { fileName: 'domestic.csv', content: 'reference,type,name\n' },
      schema: expect.anything(),
    });
  });

  it('refuses to upload without a file, on the field', async () => {
    renderAt('/compliance/sanctions-lists');
    await userEvent.click(screen.getByRole('button', { name: 'Upload for approval' }));
    expect((await screen.findAllByText('Choose the list file to upload')).length).toBeGreaterThan(0);
    expect(post).not.toHaveBeenCalled();
  });
});
