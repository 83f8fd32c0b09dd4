import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as permissions from '@/lib/permissions';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { SalaryImportRoute } from './salary-import-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(permissions, { usePermissions: () => ({ can: () => false }) });

const batch = {
  id: '12',
  reference: 'SAL-12',
  employer_account: '0011000000017',
  employer_holder: 'Sierra Mining Ltd',
  currency: 'SLE',
  branch: '001',
  narration: 'March salaries',
  status: 'posted',
  line_count: 120,
  problem_count: 3,
  total: '1000.00',
  available: '5000.00',
  over_available: false,
  maker_email: 'hr@bank.sl',
  created_at: '2026-03-02T08:00:00Z',
  approval_id: null,
  approval_status: null,
  entry_id: null,
  problems: {},
};
const line = {
  line_no: 1,
  account_number: '0011000000025',
  amount: '10.00',
  narration: 'Salary',
  holder: 'Kamara Fatmata',
  problem: null,
  first_line: null,
  loan_account: null,
  check_off: null,
};
const LINES = '/salary-batches/12/lines';

describe('Salary import: list page, shown lines and their page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '120' } }));
      if (path === '/salary-batches/12') return Promise.resolve(batch);
      if (path.startsWith(`${LINES}?`)) return Promise.resolve([line]);
      if (path.startsWith('/salary-batches?')) return Promise.resolve([batch]);
      return Promise.reject(new Error('not in this test'));
    });
  });

  it('asks for the batches’ page the URL names, and a page change moves the URL', async () => {
    const { url } = renderAtUrl(<SalaryImportRoute />, '/transactions/other/salary-import?page=2');
    await screen.findByText('Batch 12');
    expect(lastQuery(get.mock.calls, '/salary-batches')).toMatchObject({ page: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('/transactions/other/salary-import?page=3');
    await waitFor(() => expect(lastQuery(get.mock.calls, '/salary-batches')).toMatchObject({ page: '3' }));
  });

  it('shows the lines the URL chooses at its page; choosing other lines goes back to page one', async () => {
    const { url } = renderAtUrl(
      <SalaryImportRoute />,
      '/transactions/other/salary-import?batch=12&lines=all&page=2',
    );
    await screen.findByText('Kamara Fatmata');
    expect(lastQuery(get.mock.calls, LINES)).toMatchObject({ problems: 'all', page: '2' });
    expect(screen.getByRole('button', { name: 'All lines' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Problems only' }));
    expect(url()).toBe('/transactions/other/salary-import?batch=12&lines=problems');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, LINES)).toMatchObject({ problems: 'only', page: '1' }),
    );
  });

  it('opens a batch with problems on them when the URL does not choose', async () => {
    renderAtUrl(<SalaryImportRoute />, '/transactions/other/salary-import?batch=12');
    await screen.findByText('Kamara Fatmata');
    expect(lastQuery(get.mock.calls, LINES)).toMatchObject({ problems: 'only' });
  });

  it('lists the batches when the URL’s batch is not a batch number', async () => {
    renderAtUrl(<SalaryImportRoute />, '/transactions/other/salary-import?batch=twelve');
    await screen.findByText('Batch 12');
    expect(get.mock.calls.some(([p]) => String(p).includes('twelve'))).toBe(false);
  });
});
