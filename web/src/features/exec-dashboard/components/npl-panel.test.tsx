import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXECUTIVE_DASHBOARD_TEXT as T, type ExecutiveDashboard } from '@bankmanager/contracts';
import { NplCard, NplTrend, nplSummary } from './npl-panel';

const months = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  return d.toISOString().slice(0, 7);
});
const ratios: Record<string, string> = { '2026-09': '4.10', '2026-10': '6.25', '2026-11': '5.00' };

const npl: ExecutiveDashboard['npl'] = {
  percent: '5.00',
  asAt: '2026-11-24',
  note: null,
  currencies: [
    {
      currency: 'SLE',
      nonPerforming: '1250.00',
      gross: '25000.00',
      percent: '5.00',
      trend: months.map((month) => ({ month, percent: ratios[month] ?? null })),
    },
    {
      currency: 'USD',
      nonPerforming: '0.00',
      gross: '0.00',
      percent: null,
      trend: months.map((month) => ({ month, percent: null })),
    },
  ],
};

describe('the NPL ratio', () => {
  it('the card: the chosen book’s ratio, what it is made of and as at which close', () => {
    render(<NplCard npl={npl} currency="SLE" />);
    expect(screen.getByText('NPL ratio (SLE)')).toBeInTheDocument();
    expect(screen.getByText('5.00%')).toBeInTheDocument();
    expect(screen.getByText('Le 1,250.00 non-performing of Le 25,000.00, at 2026-11-24')).toBeInTheDocument();
  });

  it('a book with no loans shows a dash, and before any end of day the note says so', () => {
    const { unmount } = render(<NplCard npl={npl} currency="USD" />);
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.getByText('No USD loans at 2026-11-24')).toBeInTheDocument();
    unmount();
    render(
      <NplCard
        npl={{ ...npl, percent: null, asAt: null, note: T.nplNoHistory, currencies: [] }}
        currency="SLE"
      />,
    );
    expect(screen.getByText(T.nplNoHistory)).toBeInTheDocument();
  });

  it('the trend: one image described by its summary, swapped for a table of the same ratios', async () => {
    const user = userEvent.setup();
    render(<NplTrend npl={npl} currency="SLE" />);
    const chart = screen.getByRole('img', { name: 'NPL ratio, last 12 months' });
    expect(chart).toHaveAccessibleDescription(
      'NPL ratio: 4.10% in Sep 2026, 5.00% in Nov 2026; highest 6.25% in Oct 2026.',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: T.showTable }));
    const table = screen.getByRole('table', { name: 'NPL ratio, last 12 months' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[11]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oct 2026', '6.25%']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dec 2025', '—']);
    // The machine's other work can slow the first render of the chart library.
  }, 20_000);

  it('summarises a single month and no figures', () => {
    expect(nplSummary([{ month: '2026-11', percent: '3.00' }])).toBe(
      'NPL ratio: 3.00% in Nov 2026; no earlier month yet.',
    );
    expect(nplSummary([{ month: '2026-11', percent: null }])).toBe('NPL ratio: no figures yet.');
  });
});
