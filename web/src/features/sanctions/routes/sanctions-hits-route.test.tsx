import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SANCTIONS_TEXT, type SanctionsHit } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { SanctionsHitsRoute } from './sanctions-hits-route';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post, put: vi.fn() } });

const HIT: SanctionsHit = {
  id: '7',
  status: 'open',
  trigger: 'creation',
  score: '0.900',
  matchedFields: ['name'],
  matchedName: 'MUHAMMAD KAMARA',
  customer: { id: 42, name: 'Mohamed Kamara', status: 'Pending', branch: '001', dateOfBirth: '1985-04-12' },
  entry: {
    id: '3',
    source: 'un',
    ref: '9100001',
    kind: 'individual',
    name: 'MUHAMMAD KAMARA',
    aliases: ['Alhaji Mohammed Kamara'],
    referenceNumber: 'QDi.901',
    listType: 'Al-Qaida',
    datesOfBirth: ['1971'],
    nationalities: ['Sierra Leone'],
    listedOn: '2024-03-14',
    comments: null,
  },
  createdAt: '2026-11-27 10:00:00+00',
  reason: null,
  decidedBy: null,
  decidedAt: null,
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SanctionsHitsRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Sanctions Hits', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('lists the queue from the URL’s filters, and a filter change goes to the server', async () => {
    get.mockImplementation(async (_path: string, opts: { onResponse?: (r: Response) => void }) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [HIT];
    });
    renderAt('/compliance/sanctions-hits?status=open&sort=score');
    const link = await screen.findByRole('link', { name: 'Mohamed Kamara (42)' });
    const row = link.closest('tr')!;
    expect(within(row).getByText('MUHAMMAD KAMARA · QDi.901')).toBeInTheDocument();
    expect(within(row).getByText('0.900')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(expect.stringMatching(/status=open.*sort=score/), expect.anything());
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'cleared');
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('status=cleared'), expect.anything());
  });

  it('shows the evidence side by side and clears a hit only with a reason', async () => {
    get.mockResolvedValue(HIT);
    post.mockResolvedValue({ ...HIT, status: 'cleared', reason: 'Born 1985', decidedBy: 'c@bank.sl' });
    renderAt('/compliance/sanctions-hits?hit=7');
    const customer = await screen.findByRole('region', { name: 'Customer' });
    const entry = screen.getByRole('region', { name: 'List entry' });
    expect(within(customer).getByText('Mohamed Kamara')).toBeInTheDocument();
    expect(within(entry).getByText('Alhaji Mohammed Kamara')).toBeInTheDocument();
    expect(within(entry).getByText('QDi.901 (Al-Qaida), id 9100001')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear: not the listed person' }));
    expect(await screen.findByText(SANCTIONS_TEXT.reasonRequired)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason for your decision'), 'Born 1985');
    await userEvent.click(screen.getByRole('button', { name: 'Clear: not the listed person' }));
    expect(post).toHaveBeenCalledWith('/sanctions/hits/7/decision', {
      body: { decision: 'clear', reason: 'Born 1985' },
      schema: expect.anything(),
    });
  });
});
