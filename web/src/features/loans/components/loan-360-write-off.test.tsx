import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVISION_TEXT } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { LOAN } from './loan-360.fixture';
import { Loan360 } from './loan-360';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

vi.setConfig({ testTimeout: 30_000 });

function renderWith(can: boolean | ((p?: string) => boolean)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <PermissionsContext.Provider
      value={{ me: null, can: (p?: string) => (typeof can === 'function' ? can(p) : can), reload: () => {} }}
    >
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Loan360 id={3} />
        </MemoryRouter>
      </QueryClientProvider>
    </PermissionsContext.Provider>,
  );
}

describe('the loan 360’s write-off', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('asks for a write-off with a reason; an empty reason is refused before the server is asked', async () => {
    get.mockResolvedValue(LOAN);
    post.mockResolvedValue({ loanId: 3, approvalId: 'ap-1', level: 'loan.write_off', principal: '20000.00' });
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to write off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason for the write-off'), 'No payment for a year');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(post).toHaveBeenCalledWith(
      '/loans/3/write-off',
      expect.objectContaining({ body: { reason: 'No payment for a year' } }),
    );
  });

  it('shows the server’s refusal of a loan that is not Loss', async () => {
    get.mockResolvedValue(LOAN);
    post.mockRejectedValue(
      new ApiError(PROVISION_TEXT.notLoss, 409, 'Conflict', {
        error: PROVISION_TEXT.notLoss,
        details: { code: 'not_loss' },
      }),
    );
    renderWith(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to write off' }));
    await userEvent.type(screen.getByLabelText('Reason for the write-off'), 'Gone');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROVISION_TEXT.notLoss);
  });

  it('offers no write-off without loans.provision; a written-off loan takes a recovery', async () => {
    get.mockResolvedValue({ ...LOAN, status: 'Written off', outstanding: '0.00' });
    renderWith((p) => p === 'loans.repay');
    expect(await screen.findByRole('button', { name: 'Record recovery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to write off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record repayment' })).toBeNull();
  });
});
