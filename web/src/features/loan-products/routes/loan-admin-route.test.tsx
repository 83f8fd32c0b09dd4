import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanProduct } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanAdministrationRoute } from './loan-admin-route';

const get = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, post: vi.fn(), put } });

const terms: LoanProduct['terms'] = {
  interestMethod: 'emi',
  repaymentFrequency: 'monthly',
  amount: { min: '1000.00', max: '200000.00' },
  term: { min: 3, max: 36 },
  rate: { min: '18.0000', max: '30.0000', default: '24.0000' },
  grace: { maxPrincipalOnly: 0, maxFull: 0 },
  processingFee: { kind: 'percent', value: '2.0000', treatment: 'deducted' },
  insuranceRate: null,
  penalty: { kind: 'percent', value: '5.0000', toleranceDays: 5 },
  allocationOrder: ['penalties', 'fees', 'interest', 'principal'],
  prepayment: 'reduce_term',
  maxDebtServiceRatio: '40.0000',
};
const SALARY: LoanProduct = {
  code: 'SAL-SLE',
  name: 'Salary Loan',
  currency: 'SLE',
  status: 'active',
  gl: {
    portfolio: '1410',
    interestReceivable: '1421',
    interestIncome: '4011',
    feeIncome: '4021',
    penaltyIncome: '4040',
  },
  version: 2,
  terms,
  versions: [
    {
      version: 2,
      terms,
      reason: 'Policy rate rose',
      approvedBy: 'checker@bank.sl',
      approvedAt: '2026-11-23 10:00:00+00',
    },
    {
      version: 1,
      terms: { ...terms, rate: { min: '16.0000', max: '28.0000', default: '22.0000' } },
      reason: null,
      approvedBy: null,
      approvedAt: null,
    },
  ],
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <LoanAdministrationRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Loan Administration', () => {
  beforeEach(() => {
    get.mockReset();
    put.mockReset();
  });

  it('lists a page as the server sorted it, and asks for another sort', async () => {
    get.mockImplementation(async (_path: string, opts: { onResponse?: (r: Response) => void }) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [{ ...SALARY, versions: [] }];
    });
    renderAt('/accounts/loan/admin');
    const link = await screen.findByRole('link', { name: 'SAL-SLE: Salary Loan' });
    const row = link.closest('tr')!;
    expect(within(row).getByText('18 – 30 % (typical 24 %)')).toBeInTheDocument();
    expect(within(row).getByText('3 – 36 months')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('sort=code&order=asc'), expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('sort=name&order=asc'), expect.anything());
  });

  it('shows a product’s versions and sends only what changed, for four-eyes', async () => {
    get.mockResolvedValue(SALARY);
    put.mockResolvedValue({ approvalId: 'A-9' });
    renderAt('/accounts/loan/admin?code=SAL-SLE');
    const versions = await screen.findByRole('table', { name: /SAL-SLE versions/ });
    expect(within(versions).getByText('Policy rate rose')).toBeInTheDocument();
    expect(within(versions).getByText('Seeded')).toBeInTheDocument();
    expect(within(versions).getByText('16 – 28 % (typical 22 %)')).toBeInTheDocument();

    const name = screen.getByLabelText('Product name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Salary Advance Loan');
    await userEvent.type(screen.getByLabelText('Reason for the change'), 'Clearer name');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to change this product' }));
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('/loan-products/SAL-SLE', {
      body: { name: 'Salary Advance Loan', reason: 'Clearer name' },
      schema: expect.anything(),
    });
  });

  it('a new version starts from the newest terms and goes as version 3', async () => {
    get.mockResolvedValue(SALARY);
    put.mockResolvedValue({ approvalId: 'A-10' });
    renderAt('/accounts/loan/admin?code=SAL-SLE');
    await userEvent.click(await screen.findByLabelText(/New terms: version 3/));
    const typical = screen.getByLabelText('Typical rate (% a year)');
    expect(typical).toHaveValue('24.0000');
    await userEvent.clear(typical);
    await userEvent.type(typical, '26');
    await userEvent.type(screen.getByLabelText('Reason for the change'), 'Repricing');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to change this product' }));
    await screen.findByRole('heading', { name: 'Sent for approval' });
    expect(put.mock.calls[0]![1].body).toEqual({
      terms: { ...terms, rate: { ...terms.rate, default: '26' } },
      reason: 'Repricing',
    });
  });
});
