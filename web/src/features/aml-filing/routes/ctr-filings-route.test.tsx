import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { CtrFilingsRoute } from './ctr-filings-route';

type Opts = { onResponse?: (r: Response) => void; body?: unknown };
const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

const filing = (over: object = {}) => ({
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
  ...over,
});

describe('CTR Filings', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return Promise.resolve([filing()]);
    });
  });

  it('lists filings with their downloads and records the FIU reference, checked by the contract', async () => {
    renderAtUrl(<CtrFilingsRoute />, '/compliance/ctr-filings');
    await screen.findByRole('cell', { name: 'CTR-2026-03-02' });
    expect(screen.getByRole('button', { name: 'goAML XML of CTR-2026-03-02' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV of CTR-2026-03-02' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Submitted on'), { target: { value: '2026-03-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The FIU reference is required');
    expect(post).not.toHaveBeenCalled();
    post.mockResolvedValue(filing({ fiuSubmittedOn: '2026-03-04', fiuReference: 'FIU-9', submittedBy: 'c' }));
    fireEvent.change(screen.getByLabelText('FIU reference'), { target: { value: 'FIU-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/ctr-filings/0b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11/submission');
    expect((post.mock.calls[0]![1] as Opts).body).toEqual({ submittedOn: '2026-03-04', reference: 'FIU-9' });
  }, 20_000);
});
