import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  EXECUTIVE_DASHBOARD_TEXT as T,
  REPORT_SOURCE_TEXT,
  formatDateTime,
  type ExecutiveDashboard,
  type TrendPoint,
} from '@bankmanager/contracts';
import { trendSummary } from '@/components/charts/trend-summary';
import { DashboardView } from './dashboard-view';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const trend = (amounts: Array<string | null>): TrendPoint[] =>
  months.map((month, i) => ({ month, amount: amounts[i] ?? null }));
const deposits = trend([
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  '1000.10',
  '1500.00',
  '2001.10',
]);

const data: ExecutiveDashboard = {
  businessDate: '2026-11-25',
  aggregatedThrough: '2026-11-24',
  branch: null,
  currencies: [
    {
      currency: 'SLE',
      deposits: '2001.10',
      loans: '700.07',
      tillCash: '0.00',
      vaultCash: '1200.99',
      depositsTrend: deposits,
      loansTrend: trend([]),
    },
    {
      currency: 'USD',
      deposits: '55.00',
      loans: '0.00',
      tillCash: '0.00',
      vaultCash: '0.00',
      depositsTrend: trend([]),
      loansTrend: trend([]),
    },
  ],
  depositsByBranch: [
    { branchCode: '001', branchName: 'Freetown Main', currency: 'SLE', amount: '1500.00' },
    { branchCode: '002', branchName: 'Bo', currency: 'SLE', amount: '501.10' },
    { branchCode: '001', branchName: 'Freetown Main', currency: 'USD', amount: '55.00' },
    { branchCode: '002', branchName: 'Bo', currency: 'USD', amount: '0.00' },
  ],
  customersOpenedThisMonth: 3,
  accountsOpenedThisMonth: 5,
  liquidity: { percent: '35.25', asAt: '2026-11-24', note: null },
  npl: {
    percent: '12.50',
    asAt: '2026-11-24',
    note: null,
    currencies: [
      {
        currency: 'SLE',
        nonPerforming: '87.50',
        gross: '700.00',
        percent: '12.50',
        trend: months.map((month) => ({ month, percent: month === '2026-11' ? '12.50' : null })),
      },
      {
        currency: 'USD',
        nonPerforming: '0.00',
        gross: '0.00',
        percent: null,
        trend: months.map((month) => ({ month, percent: null })),
      },
    ],
  },
};

describe('the executive dashboard', () => {
  it('shows each chart as one image named by its title and described by its summary', () => {
    render(<DashboardView data={data} />);
    const chart = screen.getByRole('img', { name: 'Deposits, last 12 months' });
    expect(chart).toHaveAccessibleDescription(
      'Deposits rose from Le 1,000.10 in Sep 2026 to Le 2,001.10 in Nov 2026 (+100.1%); highest Le 2,001.10 in Nov 2026.',
    );
    // The picture draws one point per month that has a figure, and none for the months before.
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(screen.getByText('Le 2,001.10', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('12.50%', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('35.25%')).toBeInTheDocument();
  });

  it('swaps a chart for a table of the same figures, and back', async () => {
    const user = userEvent.setup();
    render(<DashboardView data={data} />);
    const [toggle] = screen.getAllByRole('button', { name: T.showTable });
    await user.click(toggle!);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: 'Deposits, last 12 months' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 2026', 'Le 2,001.10']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dec 2025', '—']);
    expect(screen.queryByRole('img', { name: 'Deposits, last 12 months' })).toBeNull();
    await user.click(screen.getByRole('button', { name: T.showChart }));
    expect(screen.getByRole('img', { name: 'Deposits, last 12 months' })).toBeInTheDocument();
  });

  it('shows one currency at a time, with its own branches', async () => {
    const user = userEvent.setup();
    render(<DashboardView data={data} />);
    expect(
      screen.getByText(/Deposits by branch: 2 branches, Le 2,001.10 in all; the largest is Freetown Main/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Deposits by branch: 2 branches, \$55.00 in all/)).toBeInTheDocument();
    expect(screen.getByText('Deposits: no figures yet.')).toBeInTheDocument();
  });

  it('says which database served the figures, and as of when', () => {
    const asOf = '2026-11-25T09:30:00.000Z';
    render(
      <DashboardView data={{ ...data, served: { source: 'replica', asOf, lagSeconds: 0, stale: false } }} />,
    );
    expect(screen.getByText(REPORT_SOURCE_TEXT.replica(formatDateTime(asOf)))).toBeInTheDocument();
  });
});

describe('trendSummary', () => {
  it('says a fall, a single month and no figures', () => {
    expect(trendSummary('Loans', trend([null, '900.00', '450.00']), 'SLE')).toBe(
      'Loans fell from Le 900.00 in Jan 2026 to Le 450.00 in Feb 2026 (-50.0%); highest Le 900.00 in Jan 2026.',
    );
    expect(trendSummary('Loans', trend(['5.00']), 'USD')).toBe(
      'Loans: $5.00 in Dec 2025; no earlier month yet.',
    );
    expect(trendSummary('Loans', trend([]), 'SLE')).toBe('Loans: no figures yet.');
  });
});
