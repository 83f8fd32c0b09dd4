import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { CtrFlagsRoute } from './ctr-flags-route';

type Opts = { onResponse?: (r: Response) => void; body?: unknown };
const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

const tx = (reference: string, accountNumber: string) => ({
  reference,
  entryId: '7',
  branch: '101',
  accountNumber,
  amount: '29999.99',
  postedAt: '2026-03-02T10:00:00.000Z',
  partyName: 'Sesay Aminata',
  partyIdNumber: 'SL123',
});
const ctr = {
  businessDate: '2026-03-02',
  custId: 42,
  customerName: 'Sesay Aminata',
  customerBranch: '101',
  currency: 'SLE',
  direction: 'in',
  total: '89999.97',
  count: 3,
  filingReference: null,
  transactions: [tx('TLR-1', '1010000001'), tx('TLR-2', '1010000002'), tx('TLR-3', '1010000001')],
};

const withPermissions = (held: string[]) => (
  <PermissionsContext.Provider value={{ me: null, can: (p) => !!p && held.includes(p), reload: () => {} }}>
    <CtrFlagsRoute />
  </PermissionsContext.Provider>
);

describe('Cash transaction reports: one row per customer per day, dates and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '80' } }));
      return Promise.resolve([ctr]);
    });
  });

  it('shows the three deposits as one CTR with its transactions inside', async () => {
    renderAtUrl(<CtrFlagsRoute />, '/reports/ctr');
    await screen.findByText('3 transaction(s)');
    expect(screen.getByText('Le 89,999.97', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('TLR-2')).toBeInTheDocument();
    expect(screen.getByText('Not filed')).toBeInTheDocument();
    // Preparing a filing is for aml.ctr.file holders only.
    expect(screen.queryByRole('button', { name: 'Prepare filing' })).toBeNull();
  });

  it('asks for the URL’s dates and page, leaving out a date that is not one', async () => {
    renderAtUrl(<CtrFlagsRoute />, '/reports/ctr?from=2026-03-01&to=31-03-2026&page=2');
    await screen.findByText('3 transaction(s)');
    const q = lastQuery(get.mock.calls, '/ctr-reports');
    expect(q).toMatchObject({ from: '2026-03-01', page: '2' });
    expect(q).not.toHaveProperty('to');
    expect(screen.getByLabelText('From')).toHaveValue('1 Mar 2026');
    expect(screen.getByLabelText('To')).toHaveValue('');
  });

  it('writes a changed date to the URL and goes back to page one', async () => {
    const { url } = renderAtUrl(<CtrFlagsRoute />, '/reports/ctr?from=2026-03-01&page=3');
    await screen.findByText('3 transaction(s)');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(url()).toBe('/reports/ctr?from=2026-03-01&to=2026-03-31');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/ctr-reports')).toMatchObject({ to: '2026-03-31', page: '1' }),
    );
  });

  it('prepares a filing of a day for an aml.ctr.file holder and offers its downloads', async () => {
    post.mockResolvedValue({
      id: '0b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11',
      reference: 'CTR-2026-03-02',
      period: 'day',
      periodFrom: '2026-03-02',
      periodTo: '2026-03-02',
      reports: 1,
      contentHash: 'ab',
      preparedBy: 'comp@bank.sl',
      preparedAt: '2026-03-03T09:00:00.000Z',
      fiuSubmittedOn: null,
      fiuReference: null,
      submittedBy: null,
      submittedAt: null,
    });
    renderAtUrl(withPermissions(['aml.ctr.file']), '/reports/ctr');
    await screen.findByText('3 transaction(s)');
    fireEvent.click(screen.getByRole('button', { name: 'Prepare filing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the day');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Business day'), { target: { value: '2026-03-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prepare filing' }));
    await screen.findByText('CTR-2026-03-02');
    expect(post.mock.calls[0]![0]).toBe('/ctr-filings');
    expect((post.mock.calls[0]![1] as Opts).body).toEqual({ period: 'day', date: '2026-03-02' });
    expect(screen.getByRole('button', { name: 'Download goAML XML' })).toBeInTheDocument();
  });
});
