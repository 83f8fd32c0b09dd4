import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAccountNumber, type SalaryLine } from '@bankmanager/contracts';
import { LineEditor } from './line-editor';

const account = makeAccountNumber('001', 422);
const line = {
  line_no: 3,
  account_number: account,
  amount: '1500.00',
  narration: 'March',
  loan_account: null,
  check_off: null,
} as SalaryLine;

describe('<LineEditor>', () => {
  it("shows the contract's message on the amount and saves nothing", async () => {
    const onSave = vi.fn();
    render(<LineEditor line={line} pending={false} serverErrors={{}} onSave={onSave} onCancel={vi.fn()} />);
    const amount = screen.getByLabelText('Line 3 amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '15.001');
    await userEvent.click(screen.getByRole('button', { name: 'Save line 3' }));
    await waitFor(() => {
      expect(amount).toHaveAccessibleDescription('must be a positive amount with at most 2 decimals');
      expect(onSave).not.toHaveBeenCalled();
    });
  });

  it("saves the contract's fix and shows the server's message on its field", async () => {
    const onSave = vi.fn();
    render(
      <LineEditor
        line={line}
        pending={false}
        serverErrors={{ account_number: 'This account is closed' }}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Line 3 account number')).toHaveAccessibleDescription(
      'This account is closed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save line 3' }));
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(
        { account_number: account, amount: '1500.00', narration: 'March' },
        expect.anything(),
      );
    });
  });

  it('offers the loan of a check-off line, and clearing it asks to pay the salary alone', async () => {
    const onSave = vi.fn();
    const loan = makeAccountNumber('101', 77);
    render(
      <LineEditor
        line={{ ...line, loan_account: loan }}
        pending={false}
        serverErrors={{}}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('Line 3 loan account (empty: no check-off)');
    expect(field).toHaveValue(loan);
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save line 3' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ loan_account: '' }), expect.anything()),
    );
  });
});
