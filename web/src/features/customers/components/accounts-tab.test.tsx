import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer360 } from '@bankmanager/contracts';
import { AccountsTab } from './accounts-tab';

const account = (over: Partial<Customer360['accounts'][number]>): Customer360['accounts'][number] => ({
  accountNumber: '00100000011',
  type: 'Savings',
  product: null,
  currency: 'SLE',
  status: 'Active',
  balance: '10.00',
  ...over,
});

describe('<AccountsTab>', () => {
  it('names each account by its product, with the currency once, and by type where it has none', () => {
    const customer = {
      name: 'Aminata Conteh',
      accounts: [
        account({ product: 'Domiciliary Savings (USD)', currency: 'USD', accountNumber: '00100000022' }),
        account({ product: 'Le Current Account', type: 'Current' }),
        account({ type: 'Loan', accountNumber: '00100000033' }),
      ],
    } as Customer360;
    render(<AccountsTab customer={customer} />);
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(cells).toEqual(['Domiciliary Savings (USD)', 'Le Current Account (SLE)', 'Loan']);
  });
});
