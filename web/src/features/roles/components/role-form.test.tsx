import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_TEXT, type RoleInput } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { RoleForm } from './role-form';

describe('<RoleForm>', () => {
  it("shows the contract's messages on the name and a limit, and sends nothing", async () => {
    const onSubmit = vi.fn();
    render(<RoleForm busy={false} onSubmit={onSubmit} />);
    const largest = screen.getAllByLabelText('Largest transfer (Le)')[0]!;
    await userEvent.clear(largest);
    await userEvent.type(largest, '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(ROLE_TEXT.nameRequired);
      expect(largest).toHaveAccessibleDescription('Enter an amount such as 50000 or 50000.00');
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  it("sends the contract's input (a blank limit is none) and puts a 400's details on their fields", async () => {
    let sent: RoleInput | undefined;
    render(
      <RoleForm
        busy={false}
        onSubmit={(input, refused) => {
          sent = input;
          refused(
            new ApiError('Bad request', 400, 'Bad Request', {
              error: 'Bad request',
              details: [{ path: '/name', message: ROLE_TEXT.nameTaken('Teller') }],
            }),
          );
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), ' Teller ');
    await userEvent.click(screen.getByRole('checkbox', { name: /Cash deposits and withdrawals/ }));
    await userEvent.clear(screen.getAllByLabelText('Largest transfer (Le)')[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => {
      expect(sent?.name).toBe('Teller');
      expect(sent?.permissions).toHaveLength(1);
      expect(sent?.limits[0]).toMatchObject({
        currency: 'SLE',
        maxTransfer: null,
        maxCashWithdrawal: '0.00',
      });
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(ROLE_TEXT.nameTaken('Teller'));
    });
  });
});
