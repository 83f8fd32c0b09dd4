import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_NUMBER_TEXT, makeAccountNumber } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { AccountToolRoute } from './account-tool-route';

const get = vi.fn();
// The manage-view fixture is partial: the stubbed get hands it over without the schema.
stubApiClient({ api: { get } });

const NUMBER = makeAccountNumber('002', 1234);
const view = {
  accountNumber: NUMBER,
  accountName: 'Ibrahim Conteh',
  productName: 'Current',
  branch: '002',
  currency: 'SLE',
  status: 'Active',
  blockKind: null,
  balance: '900.00',
  held: '0.00',
  overdraftLimit: '500.00',
  overdraftExpiresOn: '2027-01-31',
  available: '1400.00',
  rateInForce: '0.5',
  accruedInterest: '0.00',
  maturityDate: null,
  pendingApprovals: 0,
  holds: [],
  actions: ['block_debit', 'block_total', 'close'],
};

function renderTool(tool: 'control' | 'overdraft') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountToolRoute tool={tool} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountToolRoute', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockResolvedValue(view);
  });

  it('checks the digits on the field before any lookup', async () => {
    renderTool('control');
    await userEvent.type(screen.getByLabelText('Account number'), `${NUMBER.slice(0, 11)}99`);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      ACCOUNT_NUMBER_TEXT.checkDigit,
    );
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the balances and only the blocking actions on the control screen', async () => {
    renderTool('control');
    await userEvent.type(screen.getByLabelText('Account number'), NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Le 1,400.00')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`/accounts/${NUMBER}/manage`, expect.anything());
    expect(screen.getByRole('button', { name: 'Block debits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the account' })).toBeNull();
  });

  it('asks for an expiry with a limit above zero before sending it for approval', async () => {
    renderTool('overdraft');
    await userEvent.type(screen.getByLabelText('Account number'), NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.type(await screen.findByLabelText('New overdraft limit'), '2000');
    await userEvent.type(screen.getByLabelText('Reason'), 'Salary advance');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for this limit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Limit expires on')).toHaveAttribute('aria-invalid', 'true'),
    );
  });
});
