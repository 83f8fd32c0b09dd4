import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_NUMBER_TEXT, ACCOUNT_REFUSAL_TEXT, makeAccountNumber } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { OpenAccountForm } from './open-account-form';

const get = vi.fn();
const post = vi.fn();
// The product fixture is partial (code, name, currency, status, FD terms): the stubbed get skips the schema.
stubApiClient({ api: { get, post } });

const fdProduct = {
  code: 'FD-SLE',
  name: 'Fixed Deposit',
  accountType: 'Fixed Deposit',
  currency: 'SLE',
  status: 'active',
  terms: {
    fixedDeposit: {
      tenors: [{ months: 6, rate: '9' }],
      rollover: ['none', 'principal'],
      earlyWithdrawalPenaltyRate: '1',
    },
  },
};
const customer = {
  id: 42,
  name: 'Aminata Sesay',
  type: 'private',
  status: 'Active',
  branch: '001',
  mobile: '+23276000000',
  idNumber: null,
  risk: 'low',
  kycComplete: true,
  createdAt: '2026-01-01T00:00:00Z',
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OpenAccountForm type="Fixed Deposit" onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function chooseCustomerAndTerms() {
  await userEvent.type(screen.getByLabelText('Customer'), 'Aminata');
  await userEvent.click(await screen.findByRole('button', { name: 'Choose Aminata Sesay' }));
  await userEvent.selectOptions(screen.getByLabelText('Product'), 'FD-SLE');
  await userEvent.selectOptions(screen.getByLabelText('Tenor'), '6');
  await userEvent.selectOptions(screen.getByLabelText('At maturity'), 'principal');
}

describe('OpenAccountForm', () => {
  beforeEach(() => {
    post.mockReset();
    get.mockReset();
    get.mockImplementation(async (path: string, opts: { onResponse?: (r: Response) => void }) => {
      if (path.startsWith('/products')) return [fdProduct];
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [customer];
    });
  });

  it('says what is missing, field by field, and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to open the account' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Customer')).toHaveAccessibleDescription(/Choose a customer/);
      expect(screen.getByLabelText('Product')).toHaveAccessibleDescription('Choose a product');
      expect(screen.getByLabelText('Tenor')).toHaveAccessibleDescription('Choose a tenor');
      expect(screen.getByLabelText('At maturity')).toHaveAttribute('aria-invalid', 'true');
      expect(post).not.toHaveBeenCalled();
    });
  });

  it('refuses a payout account with a wrong check digit before any request', async () => {
    renderForm();
    await chooseCustomerAndTerms();
    const good = makeAccountNumber('001', 4242);
    const typo = `${good.slice(0, 5)}${(Number(good[5]) + 1) % 10}${good.slice(6)}`;
    await userEvent.type(screen.getByLabelText('Payout account number'), typo);
    await userEvent.click(screen.getByRole('button', { name: 'Ask to open the account' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Payout account number')).toHaveAccessibleDescription(
        expect.stringContaining(ACCOUNT_NUMBER_TEXT.checkDigit),
      );
      expect(post).not.toHaveBeenCalled();
    });
  });

  it('sends the request and shows the new number as sent for approval', async () => {
    const number = makeAccountNumber('001', 77);
    post.mockResolvedValueOnce({ approvalId: 'ap-1', accountNumber: number });
    renderForm();
    await chooseCustomerAndTerms();
    await userEvent.type(screen.getByLabelText('Payout account number'), makeAccountNumber('001', 4242));
    await userEvent.click(screen.getByRole('button', { name: 'Ask to open the account' }));
    const sent = await screen.findByRole('heading', { name: 'Sent for approval' });
    expect(sent.parentElement!).toHaveTextContent(/Account 001 00000077 \d\d is Submitted/);
    expect(within(sent.parentElement!).getByRole('link', { name: 'View the request' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/accounts',
      expect.objectContaining({
        body: {
          custId: 42,
          productCode: 'FD-SLE',
          tenorMonths: 6,
          rollover: 'principal',
          payoutAccount: makeAccountNumber('001', 4242),
        },
      }),
    );
  });

  it("puts a 400's detail on its field", async () => {
    post.mockRejectedValueOnce(
      new ApiError('Bad request', 400, 'Bad Request', {
        error: 'Bad request',
        details: [{ path: '/tenorMonths', message: 'Not a tenor of this product' }],
      }),
    );
    renderForm();
    await chooseCustomerAndTerms();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to open the account' }));
    await screen.findByText('Not a tenor of this product');
    expect(screen.getByLabelText('Tenor')).toHaveAccessibleDescription('Not a tenor of this product');
  });

  it('shows a refusal in the bank’s words', async () => {
    post.mockRejectedValueOnce(
      new ApiError('Conflict', 409, 'Conflict', { error: 'x', details: { code: 'customer_not_active' } }),
    );
    renderForm();
    await chooseCustomerAndTerms();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to open the account' }));
    expect(await screen.findByText(ACCOUNT_REFUSAL_TEXT.customer_not_active)).toBeInTheDocument();
  });
});
