import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_TEXT, type Product } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { ProductDetail } from './product-detail';

const get = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, post: vi.fn(), put } });

const terms = {
  effectiveFrom: '2026-01-01',
  minOpeningBalance: '100.00',
  minOperatingBalance: '50.00',
  creditRate: '5.25',
  creditTiers: [],
  dayCount: 'actual/365' as const,
  postingFrequency: 'monthly' as const,
  debitRate: null,
  monthlyFee: '10.00',
  belowMinimumFee: '5.00',
  closureFee: '25.00',
  dormancyDays: 365,
  fixedDeposit: null,
};
const product: Product = {
  code: 'SAV-SLE',
  name: 'Le Savings Account',
  accountType: 'Savings',
  currency: 'SLE',
  status: 'active',
  gl: {
    control: '2020',
    interestExpense: '5010',
    interestPayable: '2510',
    feeIncome: '4020',
    withholdingTaxPayable: '2520',
  },
  terms,
  versions: [{ ...terms, version: 1, approvedBy: 'checker@bank.sl', approvedAt: '2026-01-01T09:00:00Z' }],
  openAccounts: 12,
};

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductDetail code="SAV-SLE" businessDate="2026-11-23" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('product detail and change', () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue(product);
    put.mockReset();
  });

  it('shows the versions with who approved them', async () => {
    renderDetail();
    const history = await screen.findByRole('table', { name: 'SAV-SLE terms versions, newest first' });
    expect(history).toHaveTextContent('checker@bank.sl');
    expect(history).toHaveTextContent('Le 10.00');
  });

  it('asks for a reason, and refuses to send nothing', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Send for approval' }));
    expect(screen.getByLabelText('Reason for the change')).toHaveAccessibleDescription(
      'Please give a reason',
    );
    await userEvent.type(screen.getByLabelText('Reason for the change'), 'Board decision');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(/Nothing to send/)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('sends only what changed: retire and a new version from the business date', async () => {
    put.mockResolvedValueOnce({ approvalId: 'apr-9' });
    renderDetail();
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'retired');
    await userEvent.click(screen.getByLabelText(/New terms version/));
    const from = screen.getByLabelText('Effective from');
    expect(from).toHaveValue('23 Nov 2026');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-22');
    await userEvent.type(screen.getByLabelText('Reason for the change'), 'Board decision');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(from).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_TEXT.effectiveFrom));
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    const rate = screen.getByLabelText('Credit rate (% a year)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '5.5');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /The change to SAV-SLE.* takes effect once another person approves it/,
    );
    // A link to the request, not its id.
    expect(screen.getByRole('link', { name: 'View the request' }).getAttribute('href')).toContain('apr-9');
    expect(put).toHaveBeenCalledWith('/products/SAV-SLE', expect.anything());
    const { body } = put.mock.calls[0]![1] as { body: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['reason', 'status', 'terms']);
    expect(body.terms).toMatchObject({ effectiveFrom: '2026-12-01', creditRate: '5.5', monthlyFee: '10.00' });
  });
});
