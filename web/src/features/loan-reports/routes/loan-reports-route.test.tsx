import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanReport } from '@bankmanager/contracts/lending/loan-reports';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanReportsRoute } from './loan-reports-route';

const get = vi.fn();
const put = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, put },
  apiDownload,
});

const par: LoanReport = {
  report: 'portfolio-at-risk',
  title: 'Portfolio at risk',
  date: '2026-12-28',
  subtitle: ['All branches', 'By branch'],
  columns: [
    { key: 'group', label: 'Branch', kind: 'text' },
    { key: 'portfolio', label: 'Principal outstanding', kind: 'money' },
    { key: 'par30_pct', label: 'PAR30 %', kind: 'percent' },
  ],
  rows: [{ group: '101 Freetown', portfolio: '28300.5', par30_pct: '70.67' }],
  totals: [{ group: 'Total', portfolio: '28300.5', par30_pct: '70.67' }],
  reconciliation: [],
  notes: ['PARn: principal outstanding of loans n or more days past due ÷ all principal outstanding.'],
  total: 1,
};
const ret: LoanReport = {
  ...par,
  report: 'classification-return',
  title: 'Classification and provisioning return',
  subtitle: ['All branches'],
  columns: [{ key: 'class', label: 'Class', kind: 'text' }],
  rows: [{ class: 'Current' }],
  totals: [],
  reconciliation: [
    {
      label: 'Loan loss provision',
      glCodes: ['1490'],
      currency: 'SLE',
      report: '150.00',
      ledger: '150.00',
      difference: '0.00',
    },
  ],
  notes: [],
};
const arrears: LoanReport = {
  ...par,
  report: 'arrears-ageing',
  title: 'Arrears ageing',
  columns: [
    { key: 'loanId', label: 'Loan', kind: 'text', sortable: true },
    { key: 'dpd', label: 'Days past due', kind: 'count', sortable: true },
  ],
  rows: [{ loanId: '7', dpd: '35' }],
  totals: [],
  total: 60,
};

function renderAt(url: string, can: (p: string | undefined) => boolean = () => false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider value={{ me: null, can, reload: () => {} }}>
        <MemoryRouter initialEntries={[url]}>
          <LoanReportsRoute />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Loan Reports', () => {
  beforeEach(() => {
    get.mockReset();
    put.mockReset();
    apiDownload.mockReset();
    apiDownload.mockResolvedValue(undefined);
    get.mockImplementation(async (path: string) =>
      path.startsWith('/loan-reports/classification-return')
        ? ret
        : path.startsWith('/loan-reports/arrears-ageing')
          ? arrears
          : par,
    );
  });

  it('opens portfolio at risk for the newest book, money and shares as people read them, totals bold', async () => {
    renderAt('/accounts/loan/reports');
    const table = await screen.findByRole('table', { name: /Portfolio at risk/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('101 Freetown28,300.5070.67');
    expect(within(table).getAllByRole('row')[2]).toHaveClass('font-semibold');
    expect(get.mock.calls[0]![0]).toBe('/loan-reports/portfolio-at-risk?page=1&pageSize=25&by=branch');
    expect(screen.getByText(/principal outstanding of loans n or more days/)).toBeInTheDocument();
  });

  it('changes report by tab and grouping by the select; the date typed day first is asked as ISO', async () => {
    renderAt('/accounts/loan/reports');
    await screen.findByRole('table', { name: /Portfolio at risk/ });
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'officer');
    expect(get.mock.lastCall![0]).toContain('by=officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Business date' }), '28/12/2026');
    expect(get.mock.lastCall![0]).toContain('date=2026-12-28');
    await userEvent.click(screen.getByRole('tab', { name: 'Classification and provisioning return' }));
    const gl = await screen.findByRole('table', { name: 'Against the general ledger' });
    expect(within(gl).getAllByRole('row')[1]).toHaveTextContent('Loan loss provision1490SLE150.00150.000.00');
  });

  it('a listing sorts and pages in the URL; CSV, PDF and XLSX download the whole report', async () => {
    renderAt('/accounts/loan/reports?report=arrears-ageing&date=2026-12-28');
    await screen.findByRole('table', { name: /Arrears ageing/ });
    expect(screen.getByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Days past due' }));
    expect(get.mock.lastCall![0]).toContain('sort=dpd&order=asc');
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(get.mock.lastCall![0]).toContain('page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(apiDownload).toHaveBeenCalledWith(
      expect.stringMatching(/^\/loan-reports\/arrears-ageing\?format=csv&date=2026-12-28/),
      'arrears-ageing-2026-12-28.csv',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(apiDownload.mock.lastCall![0]).toContain('format=pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    expect(apiDownload).toHaveBeenLastCalledWith(
      expect.stringContaining('format=xlsx'),
      'arrears-ageing-2026-12-28.xlsx',
    );
  });

  it('large exposures: finance records the month’s capital, refused in the form when not an amount', async () => {
    put.mockResolvedValue({ month: '2026-12', amount: '50000.00', enteredByEmail: 'f@x', enteredAt: 'x' });
    renderAt('/accounts/loan/reports?report=large-exposures', (p) => p === 'returns.prepare');
    const field = await screen.findByLabelText('Capital for 2026-12 (Le)');
    await userEvent.type(field, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save capital' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use an amount in Leones');
    expect(put).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Save capital' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Capital saved.');
    expect(put).toHaveBeenCalledWith(
      '/loan-reports/capital/2026-12',
      expect.objectContaining({ body: { amount: '50000' } }),
    );
  });

  it('says the server’s refusal', async () => {
    get.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'Forbidden', {}));
    renderAt('/accounts/loan/reports');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});
