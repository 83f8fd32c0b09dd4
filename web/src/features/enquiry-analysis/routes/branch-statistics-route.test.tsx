import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BranchStatistics } from '@bankmanager/contracts';
import { lastQuery } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { answer, renderScreen } from '../testing/render-screen';
import { BranchStatisticsRoute } from './branch-statistics-route';

const get = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, post: vi.fn(), put: vi.fn() },
  apiDownload,
});

const row = (code: string, name: string, opened: number, deposits: string) => ({
  branchCode: code,
  branchName: name,
  customersOpened: opened,
  accountsOpened: opened + 1,
  accountsClosed: 0,
  deposits,
  loans: '0.00',
  cash: '10.00',
});
const DATA: BranchStatistics = {
  from: '2026-10-01',
  to: '2026-10-31',
  currency: 'SLE',
  branch: null,
  asAt: '2026-10-30',
  startAt: '2026-09-30',
  rows: [row('001', 'Head Office', 2, '900.00'), row('002', 'Kissy Road', 5, '10000.00')],
};

const renderAt = (url: string) => renderScreen(<BranchStatisticsRoute />, url);

describe('Branch Statistics', () => {
  beforeEach(() => {
    apiDownload.mockReset();
    answer(get, DATA);
  });

  it('asks for the business month so far by default, and sorts the table by a column', async () => {
    renderAt('/enquiries/statistics');
    const table = await screen.findByRole('table', { name: 'Branch statistics' });
    expect(lastQuery(get.mock.calls, '/reports/branch-statistics')).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
      currency: 'SLE',
    });
    const first = () => within(table).getAllByRole('row')[1]!;
    expect(first()).toHaveTextContent('001 Head Office');
    await userEvent.click(within(table).getByRole('button', { name: 'Deposits' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Deposits' }));
    expect(first()).toHaveTextContent('002 Kissy Road');
    expect(within(table).getByRole('columnheader', { name: 'Deposits' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('gives the chart a summary and a table view', async () => {
    renderAt('/enquiries/statistics?from=2026-10-01&to=2026-10-31');
    const img = await screen.findByRole('img', { name: 'Deposits by branch, SLE' });
    expect(img).toHaveAccessibleDescription(/largest is Kissy Road/);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('table', { name: 'Deposits by branch' })).toBeInTheDocument();
  });

  it('keeps the period and branch in the URL, and refuses a period the wrong way round', async () => {
    renderAt('/enquiries/statistics?from=2026-10-01&to=2026-10-31');
    await screen.findByRole('table', { name: 'Branch statistics' });
    await userEvent.selectOptions(screen.getByLabelText('Branch'), '002');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/reports/branch-statistics')).toMatchObject({ branch: '002' }),
    );
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '01/09/2026');
    expect(await screen.findByText('"To" must be the same day as "From" or later.')).toBeInTheDocument();
    expect(screen.getByLabelText('current url')).toHaveTextContent(
      '?from=2026-10-01&to=2026-09-01&branch=002',
    );
  });

  it('downloads the period, branch and currency of the screen', async () => {
    renderAt('/enquiries/statistics?from=2026-10-01&to=2026-10-31&branch=002');
    await screen.findByRole('table', { name: 'Branch statistics' });
    apiDownload.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Download the branch statistics as PDF' }));
    expect(apiDownload).toHaveBeenCalledWith(
      '/reports/branch-statistics?from=2026-10-01&to=2026-10-31&branch=002&currency=SLE&format=pdf',
      'branch-statistics-2026-10-01-to-2026-10-31-SLE.pdf',
    );
  });
});
