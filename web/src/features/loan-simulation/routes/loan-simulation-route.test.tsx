import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanSimulationRoute } from './loan-simulation-route';

const get = vi.fn();
stubApiClient({ api: { get } });

// Friday 27 November 2026: a month later is Sunday 27 December, and Monday 28 is a holiday below.
const BUSINESS_DATE = { business_date: '2026-11-27', follows_calendar: true };

function renderScreen(permissions: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        {children}
      </PermissionsContext.Provider>
    </QueryClientProvider>
  );
  return render(wrap(<LoanSimulationRoute />));
}

async function enterSalaryLoan() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Amount (Le)'), '20000');
  await user.type(screen.getByLabelText('Interest rate (% a year)'), '24');
  await user.clear(screen.getByLabelText('Term (number of instalments)'));
  await user.type(screen.getByLabelText('Term (number of instalments)'), '12');
  return user;
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/business-date') return BUSINESS_DATE;
    if (path.startsWith('/calendar/holidays?year=')) {
      const year = Number(path.slice(-4));
      return {
        year,
        businessDate: '2026-11-27',
        nextBusinessDate: '2026-11-30',
        holidays: year === 2026 ? [{ id: '1', date: '2026-12-28', name: 'Declared', kind: 'movable' }] : [],
      };
    }
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('Loan Simulation', () => {
  it('shows the schedule as the terms are typed: Le 20,000 at 24% over 12 months is 1,891.19 a month', async () => {
    renderScreen();
    expect(screen.getByText('Enter an amount, a term and a rate to see the schedule.')).toBeInTheDocument();
    await enterSalaryLoan();
    const summary = await screen.findByTestId('loan-summary');
    expect(within(summary).getByText('Instalment (EMI)').nextSibling).toHaveTextContent('Le 1,891.19');
    const table = screen.getByRole('table', { name: 'Repayment schedule, amounts in Leones' });
    const rows = within(table).getAllByRole('row');
    // header, 12 instalments, totals
    expect(rows).toHaveLength(14);
    expect(rows[1]).toHaveTextContent('1,891.19');
    expect(rows[12]).toHaveTextContent('1,891.23');
    expect(rows[13]).toHaveTextContent('22,694.32');
    // without the calendar's permission, weekends only, and it says so
    expect(screen.getByTestId('holiday-note')).toHaveTextContent('Due dates skip weekends only');
    expect(rows[1]).toHaveTextContent('28 Dec 2026');
  });

  it('follows a change of method at once, and flags a bad rate on its field', async () => {
    renderScreen();
    const user = await enterSalaryLoan();
    await user.selectOptions(screen.getByLabelText('Interest method'), 'flat');
    const summary = await screen.findByTestId('loan-summary');
    // flat: 20,000 × 24% = 4,800 interest, 400.00 a month + 1,666.66 principal
    expect(within(summary).getByText('First instalment').nextSibling).toHaveTextContent('Le 2,066.66');
    await user.type(screen.getByLabelText('Interest rate (% a year)'), '0');
    expect(await screen.findByText('must be at most 100% a year')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('moves due dates off the bank’s holidays when the calendar can be read', async () => {
    renderScreen(['eod.run']);
    await enterSalaryLoan();
    await screen.findByText(/move to the next business day/);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // Sunday 27 December → Monday 28 is a holiday → Tuesday 29
    expect(rows[1]).toHaveTextContent('29 Dec 2026');
  });

  it('falls back to weekends only when the calendar refuses', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === '/business-date') return BUSINESS_DATE;
      throw new ApiError('Forbidden', 403, 'Forbidden', { error: 'Forbidden' });
    });
    renderScreen(['eod.run']);
    await enterSalaryLoan();
    expect(await screen.findByText(/Due dates skip weekends only/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('28 Dec 2026');
  });
});
