import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreparedReturns, ReturnFiling } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { RegulatoryReturnsRoute } from './regulatory-returns-route';

const get = vi.fn();
const post = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, post },
  apiDownload,
});

const figures = (SLE: string | null, USD: string | null) => ({ SLE, USD });
const prepared = (difference = '0.00'): PreparedReturns => ({
  monthEnd: '2026-10-31',
  previousMonthEnd: '2026-09-30',
  reconciled: difference === '0.00',
  fingerprint: 'a'.repeat(64),
  returns: [
    {
      code: 'sofp',
      name: 'Statement of financial position',
      note: 'Every asset, liability and equity account.',
      reconciled: difference === '0.00',
      lines: [
        {
          code: 'bsl',
          label: 'Balances with Bank of Sierra Leone',
          kind: 'gl',
          unit: 'amount',
          current: figures('1000000.00', '0.00'),
          previous: figures('900000.00', '0.00'),
          variance: figures('100000.00', '0.00'),
        },
        {
          code: 'substandard',
          label: 'Substandard',
          kind: 'unavailable',
          unit: 'amount',
          current: figures(null, null),
          previous: figures(null, null),
          variance: figures(null, null),
        },
      ],
      checks: [
        {
          line: 'total_assets',
          label: 'Total assets',
          currency: 'SLE',
          returnTotal: '1000000.00',
          trialBalance: '1000000.00',
          difference,
        },
      ],
    },
  ],
});
const filing: ReturnFiling = {
  id: 7,
  monthEnd: '2026-10-31',
  version: 1,
  sha256: 'b'.repeat(64),
  preparedBy: 'acct@bank.sl',
  approvedBy: 'compliance@bank.sl',
  filedAt: '2026-11-02T09:00:00.000Z',
};

function renderScreen(url: string, permissions: string[] = ['returns.prepare']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        <MemoryRouter initialEntries={[url]}>
          <RegulatoryReturnsRoute />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

let returns = prepared();
beforeEach(() => {
  returns = prepared();
  get.mockReset();
  post.mockReset();
  apiDownload.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/business-date') return { business_date: '2026-11-27', follows_calendar: true };
    if (path.startsWith('/regulatory-returns/prepare?')) return returns;
    if (path.startsWith('/regulatory-returns/filings?')) return [filing];
    if (path === '/regulatory-returns/templates') return [];
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('Regulatory Returns screen', () => {
  it('prepares the last ended month by default: lines, previous month, variance, not yet available, reconciliation', async () => {
    renderScreen('/reports/vbng-csss');
    const row = await screen.findByTestId('line-sofp-bsl');
    expect(get).toHaveBeenCalledWith('/regulatory-returns/prepare?monthEnd=2026-10-31', expect.anything());
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Balances with Bank of Sierra Leone',
      '1,000,000.00',
      '900,000.00',
      '100,000.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
    expect(
      within(screen.getByTestId('line-sofp-substandard')).getAllByText('not yet available'),
    ).toHaveLength(6);
    expect(
      screen.getByText(
        'Total assets (SLE): return 1,000,000.00, trial balance 1,000,000.00, difference 0.00',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
  });

  it('submits the figures on screen for sign-off with their fingerprint', async () => {
    post.mockResolvedValue({ approvalId: 'x' });
    renderScreen('/reports/vbng-csss?month=2026-10');
    const user = userEvent.setup();
    await screen.findByTestId('line-sofp-bsl');
    await user.click(screen.getByRole('button', { name: 'Submit for sign-off' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/regulatory-returns/sign-off', {
      body: { monthEnd: '2026-10-31', fingerprint: 'a'.repeat(64) },
      schema: expect.anything(),
    });
    expect(await screen.findByText(/Sent for sign-off/)).toBeInTheDocument();
  });

  it('says when the figures changed since they were prepared', async () => {
    post.mockRejectedValue(
      new ApiError('changed', 409, 'Conflict', { error: 'changed', details: { code: 'returns_changed' } }),
    );
    renderScreen('/reports/vbng-csss?month=2026-10');
    const user = userEvent.setup();
    await screen.findByTestId('line-sofp-bsl');
    await user.click(screen.getByRole('button', { name: 'Submit for sign-off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The figures changed since you prepared them/);
  });

  it('refuses sign-off while a return does not reconcile, and hides it without returns.prepare', async () => {
    returns = prepared('-5.00');
    const { unmount } = renderScreen('/reports/vbng-csss?month=2026-10');
    await screen.findByTestId('line-sofp-bsl');
    expect(screen.getByRole('button', { name: 'Submit for sign-off' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(/does not agree with the trial balance/);
    unmount();
    returns = prepared();
    renderScreen('/reports/vbng-csss?month=2026-10', []);
    await screen.findByTestId('line-sofp-bsl');
    expect(screen.queryByRole('button', { name: 'Submit for sign-off' })).not.toBeInTheDocument();
  });

  it('downloads a filed version as XLSX, PDF or CSV', async () => {
    apiDownload.mockResolvedValue(undefined);
    renderScreen('/reports/vbng-csss?month=2026-10');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download version 1 as XLSX' }));
    await waitFor(() => expect(apiDownload).toHaveBeenCalled());
    expect(apiDownload).toHaveBeenCalledWith(
      '/regulatory-returns/filings/7/download?format=xlsx',
      'bsl-returns-2026-10-31-v1.xlsx',
    );
    expect(screen.getByTestId('filing-1')).toHaveTextContent('signed off by compliance@bank.sl');
  });
});
