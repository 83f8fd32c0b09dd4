import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_ANALYSIS_TEXT as T, type DepositBorrowing, type MonthEnd } from '@bankmanager/contracts';
import { lastQuery } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { answer, renderScreen } from '../testing/render-screen';
import { DepositBorrowingRoute } from './deposit-borrowing-route';

const get = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, post: vi.fn(), put: vi.fn() },
  apiDownload,
});

const month = (m: string, asAt: string | null, deposits: string | null, change: string | null): MonthEnd => ({
  month: m,
  currency: 'SLE',
  asAt,
  deposits,
  loans: deposits === null ? null : '300.00',
  depositAccounts: deposits === null ? null : 3,
  loanAccounts: deposits === null ? null : 1,
  depositsChange: change,
  loansChange: change === null ? null : '0.00',
});

const DATA: DepositBorrowing = {
  from: '2026-09',
  to: '2026-11',
  branch: null,
  product: null,
  months: [
    month('2026-09', '2026-09-30', '1000.00', null),
    month('2026-10', '2026-10-30', '10350.50', '9350.50'),
    month('2026-11', null, null, null),
  ],
  mixAsAt: '2026-10-30',
  mix: [
    {
      productCode: 'SAV',
      productName: 'Savings',
      kind: 'deposit',
      currency: 'SLE',
      amount: '10250.51',
      accounts: 2,
    },
    {
      productCode: 'CUR',
      productName: 'Current',
      kind: 'deposit',
      currency: 'SLE',
      amount: '99.99',
      accounts: 1,
    },
    {
      productCode: 'LN',
      productName: 'Term loan',
      kind: 'loan',
      currency: 'SLE',
      amount: '300.00',
      accounts: 1,
    },
  ],
};

const renderAt = (url: string) => renderScreen(<DepositBorrowingRoute />, url);

describe('Deposit & Borrowing Analysis', () => {
  beforeEach(() => {
    apiDownload.mockReset();
    answer(get, DATA);
  });

  it('asks for the twelve months to the business month by default', async () => {
    renderAt('/enquiries/analysis');
    await screen.findByRole('table', { name: 'Month ends, SLE' });
    expect(lastQuery(get.mock.calls, '/reports/deposit-borrowing')).toEqual({
      from: '2025-12',
      to: '2026-11',
    });
  });

  it('gives each chart a summary and a table view, and the month ends with their changes', async () => {
    renderAt('/enquiries/analysis?from=2026-09&to=2026-11');
    const ends = await screen.findByRole('table', { name: 'Month ends, SLE' });
    const rows = within(ends).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Oct 2026');
    expect(rows[2]).toHaveTextContent('30 Oct 2026');
    expect(rows[2]).toHaveTextContent('Le 9,350.50');
    expect(rows[3]).toHaveTextContent('—');
    expect(screen.getByRole('img', { name: 'Deposits at month end, SLE' })).toHaveAccessibleDescription(
      /Deposits rose from Le 1,000.00 in Sep 2026 to Le 10,350.50 in Oct 2026/,
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Show as table' })[0]!);
    expect(screen.getByRole('table', { name: 'Deposits at month end, SLE' })).toBeInTheDocument();
    const mix = screen.getByRole('table', { name: 'Mix by product at 30 Oct 2026, SLE' });
    expect(within(mix).getAllByRole('row')[1]).toHaveTextContent('99.0%');
  });

  it('keeps the period and filters in the URL, and refuses a period the wrong way round', async () => {
    renderAt('/enquiries/analysis?from=2026-09&to=2026-11');
    await screen.findByRole('table', { name: 'Month ends, SLE' });
    await userEvent.selectOptions(screen.getByLabelText('Branch'), '002');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/reports/deposit-borrowing')).toEqual({
        from: '2026-09',
        to: '2026-11',
        branch: '002',
      }),
    );
    const calls = get.mock.calls.length;
    const to = screen.getByLabelText('To month');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-08');
    expect(await screen.findByText(T.monthOrder)).toBeInTheDocument();
    expect(screen.getByLabelText('current url')).toHaveTextContent('?from=2026-09&to=2026-08&branch=002');
    expect(get.mock.calls.slice(calls).some(([p]) => String(p).includes('to=2026-08'))).toBe(false);
  });

  it('downloads the currency shown, with the period and filters of the screen', async () => {
    renderAt('/enquiries/analysis?from=2026-09&to=2026-11&product=SAV');
    await screen.findByRole('table', { name: 'Month ends, SLE' });
    await userEvent.click(screen.getByRole('button', { name: 'USD' }));
    apiDownload.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Download the analysis as XLSX' }));
    expect(apiDownload).toHaveBeenCalledWith(
      '/reports/deposit-borrowing?from=2026-09&to=2026-11&product=SAV&currency=USD&format=xlsx',
      'deposit-borrowing-2026-09-to-2026-11-USD.xlsx',
    );
  });
});
