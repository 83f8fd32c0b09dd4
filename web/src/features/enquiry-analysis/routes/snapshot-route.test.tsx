import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission, Snapshot } from '@bankmanager/contracts';
import { lastQuery } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { answer, renderScreen } from '../testing/render-screen';
import { SnapshotRoute } from './snapshot-route';

const get = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, post: vi.fn(), put: vi.fn() },
  apiDownload,
});

const SNAP: Snapshot = {
  date: '2026-10-31',
  asAt: '2026-10-30',
  branch: null,
  product: null,
  rows: [
    {
      branchCode: '001',
      branchName: 'Head Office',
      productCode: 'SAV',
      productName: 'Savings',
      accountType: 'Savings',
      kind: 'deposit',
      currency: 'SLE',
      amount: '1250.50',
      accounts: 2,
    },
    {
      branchCode: '001',
      branchName: 'Head Office',
      productCode: 'LN',
      productName: 'Term loan',
      accountType: 'Loan',
      kind: 'loan',
      currency: 'SLE',
      amount: '300.00',
      accounts: 1,
    },
  ],
  totals: [
    { kind: 'deposit', currency: 'SLE', amount: '1250.50', accounts: 2 },
    { kind: 'loan', currency: 'SLE', amount: '300.00', accounts: 1 },
  ],
};

const renderAt = (url: string, permissions?: Permission[]) =>
  renderScreen(<SnapshotRoute />, url, permissions);

describe('Snapshot View', () => {
  beforeEach(() => {
    apiDownload.mockReset();
    answer(get, SNAP);
  });

  it('shows the totals and the table of the close it found, saying which day that is', async () => {
    renderAt('/enquiries/snapshot?date=2026-10-31');
    const table = await screen.findByRole('table', { name: /Balances at the close of 30 Oct 2026/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('001 Head Office');
    expect(rows[1]).toHaveTextContent('1,250.50');
    expect(rows[2]).toHaveTextContent('Loan (outstanding)');
    expect(screen.getByText(/the last close on or before 31 Oct 2026/)).toBeInTheDocument();
    expect(screen.getByText('Loans outstanding, SLE')).toBeInTheDocument();
    expect(lastQuery(get.mock.calls, '/reports/snapshot')).toEqual({ date: '2026-10-31' });
  });

  it('keeps the date, branch and product in the URL and asks the server for them', async () => {
    renderAt('/enquiries/snapshot?date=2026-10-31');
    await screen.findByRole('table', { name: /Balances/ });
    await userEvent.selectOptions(screen.getByLabelText('Branch'), '001');
    await userEvent.type(screen.getByLabelText('Product code'), 'sav');
    const date = screen.getByRole('textbox', { name: 'As at' });
    await userEvent.clear(date);
    await userEvent.type(date, '30/09/2026');
    await waitFor(() =>
      expect(screen.getByLabelText('current url')).toHaveTextContent(
        '?date=2026-09-30&branch=001&product=SAV',
      ),
    );
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/reports/snapshot')).toEqual({
        date: '2026-09-30',
        branch: '001',
        product: 'SAV',
      }),
    );
  });

  it('says what is wrong with an impossible date and asks nothing', async () => {
    renderAt('/enquiries/snapshot?date=2026-02-30');
    expect(await screen.findByText(/not a day|does not exist|calendar/i)).toBeInTheDocument();
    expect(get.mock.calls.some(([p]) => String(p).startsWith('/reports/snapshot'))).toBe(false);
  });

  it('offers no branch choice to a branch user, and downloads each file of the same filters', async () => {
    renderAt('/enquiries/snapshot?date=2026-10-30&product=SAV', ['reports.read']);
    await screen.findByRole('table', { name: /Balances/ });
    expect(screen.queryByLabelText('Branch')).toBeNull();
    apiDownload.mockResolvedValue(undefined);
    for (const format of ['csv', 'pdf', 'xlsx']) {
      await userEvent.click(
        screen.getByRole('button', { name: `Download the snapshot as ${format.toUpperCase()}` }),
      );
      expect(apiDownload).toHaveBeenLastCalledWith(
        `/reports/snapshot?date=2026-10-30&product=SAV&format=${format}`,
        `snapshot-2026-10-30.${format}`,
      );
    }
  });
});
