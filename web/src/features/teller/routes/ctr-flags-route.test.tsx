import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';

type Opts = { onResponse?: (r: Response) => void };
const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  api: { get },
}));
const { CtrFlagsRoute } = await import('./ctr-flags-route');

const flag = {
  id: 'f1',
  businessDate: '2026-03-02',
  postedAt: '2026-03-02T10:00:00Z',
  branch: '001',
  kind: 'deposit',
  accountNumber: '0010000000011',
  accountName: 'Sesay Aminata',
  amount: '250000.00',
  currency: 'SLE',
  partyName: 'Sesay Aminata',
  partyIdNumber: 'SL123',
  tellerEmail: 'teller@bank.sl',
  reference: 'TLR-1',
};

describe('Cash transaction reports: dates and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '80' } }));
      return Promise.resolve([flag]);
    });
  });

  it('asks for the URL’s dates and page, leaving out a date that is not one', async () => {
    renderAtUrl(<CtrFlagsRoute />, '/reports/ctr?from=2026-03-01&to=31-03-2026&page=2');
    await screen.findByText('TLR-1');
    const q = lastQuery(get.mock.calls, '/ctr-flags');
    expect(q).toMatchObject({ from: '2026-03-01', page: '2' });
    expect(q).not.toHaveProperty('to');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('');
  });

  it('writes a changed date to the URL and goes back to page one', async () => {
    const { url } = renderAtUrl(<CtrFlagsRoute />, '/reports/ctr?from=2026-03-01&page=3');
    await screen.findByText('TLR-1');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(url()).toBe('/reports/ctr?from=2026-03-01&to=2026-03-31');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/ctr-flags')).toMatchObject({ to: '2026-03-31', page: '1' }),
    );
  });
});
