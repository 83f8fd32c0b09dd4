import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_ACCOUNT_REQUIRED, PHONE_MESSAGES, type CustomerLookup } from '@bankmanager/contracts';

const mutate = vi.fn();
vi.mock('../api/save-subscription', () => ({ useSaveSubscription: () => ({ mutate, isPending: false }) }));
const toast = vi.fn();
vi.mock('@/lib/toast', () => ({ toast }));
const { SubscriptionFields } = await import('./subscription-fields');

const customer: CustomerLookup = {
  cust_id: 42,
  cust_name: 'Aminata Kamara',
  mobile_no: '+23276000001',
  accounts: [
    { account_number: 'SL001', account_type: 'Savings', currency: 'SLE', status: 'Active', balance: '10.00' },
  ],
  subscription: null,
};

function renderFields(c: CustomerLookup = customer) {
  render(<SubscriptionFields customer={c} title="Add" onCancel={() => {}} onSaved={() => {}} />);
}

describe('<SubscriptionFields>', () => {
  beforeEach(() => vi.clearAllMocks());

  it('announces a phone rule as an Invalid Phone Number toast and marks the field', async () => {
    renderFields();
    const mobile = screen.getByLabelText('Mobile Number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '23276123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save Subscription' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Invalid Phone Number',
      description: PHONE_MESSAGES.plus,
      variant: 'destructive',
    });
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mutate).not.toHaveBeenCalled();
  });

  it('asks for a payment account', async () => {
    renderFields({ ...customer, accounts: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Save Subscription' }));
    expect(await screen.findByText(PAY_ACCOUNT_REQUIRED)).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it('saves the normalized number with the loaded version', async () => {
    renderFields({
      ...customer,
      subscription: { mobile_no: '+232 76 000 001', pay_acct: 'SL001', mb_sub: false, version: 3 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Subscription' }));
    expect(mutate).toHaveBeenCalledWith(
      { custId: 42, body: { mobile_no: '+23276000001', pay_acct: 'SL001', mb_sub: false, version: 3 } },
      expect.anything(),
    );
  });
});
