import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ENQUIRY_TEXT,
  ACCOUNT_NUMBER_TEXT,
  ACCOUNT_REFUSAL_TEXT,
  makeAccountNumber,
} from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import * as auth from '@/lib/auth';
import * as toasts from '@/lib/toast';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { AccountEnquiryRoute } from './account-enquiry-route';

stubFunctions(auth, {
  useAuth: () => ({ user: { email: 'teller@bank.sl', user_metadata: { fullName: 'Aminata Sesay' } } }),
});
const get = vi.fn();
const post = vi.fn();
const toast = vi.fn();
stubFunctions(toasts, { toast });
stubApiClient({ api: { get, post } });

const NUMBER = makeAccountNumber('001', 421);
const details = {
  accountNumber: NUMBER,
  accountName: 'Fatmata Koroma',
  accountType: 'Savings',
  balance: '1000.00',
  currency: 'SLE',
  status: 'Active',
  dateOpened: '2026-01-05',
  branch: '001',
  customerId: 7,
  lastActivity: '2026-11-20T14:05:00Z',
};
const manage = {
  ...details,
  custId: 7,
  productCode: 'SAV-SLE',
  productName: 'Savings',
  accountType: 'Savings',
  blockKind: null,
  openedOn: '2026-01-05',
  closedOn: null,
  held: '250.00',
  overdraftLimit: '0.00',
  overdraftExpiresOn: null,
  available: '750.00',
  overdrawnSince: null,
  maturityDate: null,
  tenorMonths: null,
  holds: [
    {
      id: 'h1',
      amount: '250.00',
      reason: 'Garnishee order',
      expiresOn: null,
      placedBy: 'ops@bank.sl',
      placedAt: '2026-11-23T10:00:00Z',
      releasedBy: null,
      releasedAt: null,
    },
  ],
  rateInForce: '3.5',
  accruedInterest: '0.00',
  pendingApprovals: 0,
  actions: ['block_debit', 'close'],
};

function Location() {
  const l = useLocation();
  return <output aria-label="location">{l.search}</output>;
}

function renderScreen(url = '/enquiries/account') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AccountEnquiryRoute />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function search(number: string) {
  const field = screen.getByLabelText('Account Number');
  await userEvent.clear(field);
  if (number) await userEvent.type(field, number);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('Account Enquiry', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    toast.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path.endsWith('/manage')) return manage;
      if (path.startsWith('/accounts/')) return details;
      throw new ApiError('Not found', 404, 'Not Found', {});
    });
  });

  it('keeps the empty-number message and catches a typo on the field before any lookup', async () => {
    renderScreen();
    await search('');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: ACCOUNT_ENQUIRY_TEXT.numberRequired }),
    );
    const typo = `${NUMBER.slice(0, 12)}${(Number(NUMBER[12]) + 1) % 10}`;
    await search(typo);
    expect(screen.getByLabelText('Account Number')).toHaveAccessibleDescription(
      ACCOUNT_NUMBER_TEXT.checkDigit,
    );
    await search('12345');
    expect(screen.getByLabelText('Account Number')).toHaveAccessibleDescription(ACCOUNT_NUMBER_TEXT.shape);
    expect(get).not.toHaveBeenCalled();
  });

  it('reports an unknown well-formed number with the enquiry’s own text', async () => {
    const unknown = makeAccountNumber('999', 99999999);
    get.mockRejectedValueOnce(new ApiError('Not found', 404, 'Not Found', {}));
    renderScreen();
    await search(unknown);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: ACCOUNT_ENQUIRY_TEXT.notFound(unknown) }),
    );
    // The same message stays on the field, with the cursor in it, until it is corrected.
    const field = screen.getByLabelText('Account Number');
    expect(field).toHaveAccessibleDescription(ACCOUNT_ENQUIRY_TEXT.notFound(unknown));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await userEvent.type(field, '1');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the available balance, the holds and the actions the server offers', async () => {
    renderScreen();
    await search(`${NUMBER.slice(0, 3)} ${NUMBER.slice(3)}`); // spaces typed between groups are fine
    expect(await screen.findByText('Le 750.00')).toBeInTheDocument();
    expect(screen.getByText(/Garnishee order/)).toBeInTheDocument();
    // Currency, customer id, last activity, and who printed the sheet when.
    expect(screen.getByText('000007')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026, 14:05')).toBeInTheDocument();
    expect(screen.getByTestId('print-header')).toHaveTextContent(
      /Printed by Aminata Sesay at .+ \(Freetown time\)/,
    );
    post.mockRejectedValueOnce(
      new ApiError('Conflict', 409, 'Conflict', { error: 'x', details: { code: 'account_has_holds' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask to close the account' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Customer request');
    await userEvent.type(screen.getByLabelText('Payout account number'), '0010000000000');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(screen.getByLabelText('Payout account number')).toHaveAccessibleDescription(
      expect.stringContaining(ACCOUNT_NUMBER_TEXT.checkDigit),
    );
    expect(post).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Payout account number'));
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(ACCOUNT_REFUSAL_TEXT.account_has_holds)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`/accounts/${NUMBER}/status`, {
      body: { action: 'close', reason: 'Customer request' },
    });
  });

  it('keeps the account number in the URL and opens a linked account', async () => {
    renderScreen(`/enquiries/account?account=${NUMBER}`);
    expect(await screen.findByText('Le 750.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Account Number')).toHaveValue(NUMBER);
    const other = makeAccountNumber('002', 77);
    await search(other);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`?account=${other}`);
  });
});
