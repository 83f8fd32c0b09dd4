import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATEMENT_BATCH_TEXT as T } from '@bankmanager/contracts';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { StatementPrintingRoute } from './statement-printing-route';
import { monthEndsUpTo } from '../components/batch-form';

type Opts = { onResponse?: (r: Response) => void; body?: unknown };
const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

const batch = (over: object = {}) => ({
  id: 7,
  status: 'queued',
  from: '2026-10-01',
  to: '2026-10-31',
  scope: 'activity',
  branch: '301',
  format: 'zip',
  total: null,
  done: 0,
  error: null,
  requestedBy: 'bm@bank.sl',
  requestedAt: '2026-11-29T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  fileName: null,
  size: null,
  ...over,
});

describe('Statement Printing', () => {
  let polls: object[];
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    polls = [
      batch({ status: 'running', total: 100, done: 40 }),
      batch({
        status: 'done',
        total: 100,
        done: 100,
        fileName: 'statements-7-301-2026-10-01-to-2026-10-31.zip',
      }),
    ];
    get.mockImplementation((path: string, opts: Opts) => {
      if (path === '/business-date')
        return Promise.resolve({ business_date: '2026-11-29', follows_calendar: false });
      if (path === '/statement-batches/7')
        return Promise.resolve(polls.length > 1 ? polls.shift() : polls[0]);
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '0' } }));
      return Promise.resolve([]);
    });
  });

  it('starts the last month end’s batch, follows its progress to done and offers the download', async () => {
    renderAtUrl(<StatementPrintingRoute />, '/reports/statements');
    expect(await screen.findByRole('heading', { name: T.title })).toBeInTheDocument();
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    // 29 November is not a month end: the newest month end offered is October's.
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10-31');
    post.mockResolvedValue(batch());
    fireEvent.change(screen.getByLabelText('Output'), { target: { value: 'merged' } });
    fireEvent.click(screen.getByRole('button', { name: T.start }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/statement-batches');
    expect((post.mock.calls[0]![1] as Opts).body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      scope: 'activity',
      format: 'merged',
    });
    const section = await screen.findByRole('region', { name: 'Batch 7' });
    const bar = await within(section).findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(bar).toHaveAttribute('aria-valuetext', `Running: ${T.progress(40, 100)}`);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 5000 });
    expect(
      within(section).getByRole('button', {
        name: `${T.download} statements-7-301-2026-10-01-to-2026-10-31.zip`,
      }),
    ).toBeInTheDocument();
  }, 20_000);

  it('refuses a range ending after the business date before asking the server', async () => {
    renderAtUrl(<StatementPrintingRoute />, '/reports/statements');
    fireEvent.change(await screen.findByLabelText('Period'), { target: { value: 'range' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '30/11/2026' } });
    fireEvent.click(screen.getByRole('button', { name: T.start }));
    expect(await screen.findByText(T.endAfterToday)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  }, 20_000);

  it('offers the 12 month ends up to the business date, this month’s when it is one', () => {
    expect(monthEndsUpTo('2026-11-30')[0]).toBe('2026-11-30');
    expect(monthEndsUpTo('2026-03-15').slice(0, 3)).toEqual(['2026-02-28', '2026-01-31', '2025-12-31']);
    expect(monthEndsUpTo('2026-03-15')).toHaveLength(12);
  });
});
