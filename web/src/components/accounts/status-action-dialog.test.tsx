import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_NUMBER_TEXT } from '@bankmanager/contracts';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { StatusActionDialog } from './status-action-dialog';

const post = vi.fn();
stubApiClient({ api: { post } });

function renderClose() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatusActionDialog
        number="00100000421"
        action="close"
        refreshes={['x']}
        onDone={onDone}
        onCancel={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('<StatusActionDialog>', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it("asks for a reason and a payout account by the contract's rules, on their fields", async () => {
    renderClose();
    await userEvent.click(screen.getByLabelText('To another account of the customer'));
    await userEvent.click(screen.getByRole('button', { name: FOUR_EYES_TEXT.send }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason');
      expect(screen.getByLabelText('Payout account number')).toHaveAccessibleDescription(
        ACCOUNT_NUMBER_TEXT.required,
      );
      expect(post).not.toHaveBeenCalled();
    });
  });

  it("sends cash payouts without an account and puts a 400's detail on its field", async () => {
    post.mockRejectedValue(
      new ApiError('Bad request', 400, 'Bad Request', {
        error: 'Bad request',
        details: [{ path: '/reason', message: 'At most 500 characters' }],
      }),
    );
    renderClose();
    await userEvent.type(screen.getByLabelText('Reason'), '  Customer moved abroad ');
    await userEvent.click(screen.getByRole('button', { name: FOUR_EYES_TEXT.send }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/accounts/00100000421/status', {
        body: { action: 'close', reason: 'Customer moved abroad' },
      });
    });
    expect(await screen.findByText('At most 500 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });
});
