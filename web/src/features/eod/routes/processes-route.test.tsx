import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as realtime from '@/lib/realtime';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { ProcessesRoute } from './processes-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(realtime, { watchRows: () => () => {} });

const summary = (id: string) => ({
  id,
  businessDate: '2026-03-02',
  nextBusinessDate: '2026-03-03',
  status: 'completed',
  requestedBy: 'ops@bank.sl',
  approvedBy: 'boss@bank.sl',
  createdAt: '2026-03-02T18:00:00Z',
});

describe('Batch processes: the chosen run and the runs’ page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      if (!path.startsWith('/eod/runs?')) return Promise.reject(new Error('not in this test'));
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '45' } }));
      return Promise.resolve([summary('8'), summary('7')]);
    });
  });

  it('asks for the URL’s page and run; choosing a run or a page keeps the other', async () => {
    const { url } = renderAtUrl(<ProcessesRoute />, '/system/batch/processes?run=7&page=2');
    await screen.findByText('Run 8');
    expect(lastQuery(get.mock.calls, '/eod/runs')).toMatchObject({ page: '2' });
    expect(get).toHaveBeenCalledWith('/eod/runs/7', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Run 8' }));
    expect(url()).toBe('/system/batch/processes?run=8&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('/system/batch/processes?run=8&page=3');
    await waitFor(() => expect(lastQuery(get.mock.calls, '/eod/runs')).toMatchObject({ page: '3' }));
  });

  it('shows the newest run when the URL’s run is not a run id', async () => {
    renderAtUrl(<ProcessesRoute />, '/system/batch/processes?run=latest');
    await screen.findByText('Run 8');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/eod/runs/8', expect.anything()));
    expect(get.mock.calls.some(([p]) => String(p).includes('latest'))).toBe(false);
  });
});
