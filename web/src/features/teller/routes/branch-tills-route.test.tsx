import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as permissions from '@/lib/permissions';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { BranchTillsRoute } from './branch-tills-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(permissions, { usePermissions: () => ({ can: () => false }) });

const TILL = '6f1c1d8e-0a4b-4c55-9f37-2b1c9d0e7a11';
const JOURNAL = `/teller/sessions/${TILL}/transactions`;
const session = {
  id: TILL,
  tellerEmail: 'teller@bank.sl',
  tillCode: 'T01',
  openedAt: '2026-03-02T08:00:00Z',
  status: 'closing',
  currency: 'SLE',
  openingAllocation: '1000.00',
  deposits: { count: 1, amount: '10.00' },
  withdrawals: { count: 0, amount: '0.00' },
  expected: '1010.00',
  counted: null,
  difference: null,
};
const posting = {
  id: 'p1',
  kind: 'deposit',
  status: 'posted',
  reference: 'REF-7',
  entryId: null,
  accountNumber: '0011000000017',
  accountName: 'Aminata Kamara',
  amount: '10.00',
  currency: 'SLE',
  ctrFlag: false,
  createdAt: '2026-03-02T09:00:00Z',
  postedAt: null,
};

describe('Branch tills: filters, page and the open journal in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '60' } }));
      if (path.startsWith('/teller/vault'))
        return Promise.resolve({ branch: '001', glCode: '1010-001', balances: [] });
      if (path.startsWith(`${JOURNAL}?`)) return Promise.resolve([posting]);
      return Promise.resolve([session]);
    });
  });

  it('asks for the URL’s date, status and page, and opens the journal of the till it names at its page', async () => {
    renderAtUrl(
      <BranchTillsRoute />,
      `/transactions/teller/tills?date=2026-03-02&status=closing&page=2&till=${TILL}&journalPage=3`,
    );
    await screen.findByText('Aminata Kamara', { exact: false });
    expect(lastQuery(get.mock.calls, '/teller/sessions')).toMatchObject({
      date: '2026-03-02',
      status: 'closing',
      page: '2',
    });
    expect(lastQuery(get.mock.calls, JOURNAL)).toMatchObject({ page: '3' });
    expect(screen.getByLabelText('Status')).toHaveValue('closing');
    expect(screen.getByLabelText('Business date')).toHaveValue('2 Mar 2026');
  });

  it('drops a status that is not one and opens no journal for a till the list does not show', async () => {
    renderAtUrl(<BranchTillsRoute />, '/transactions/teller/tills?status=lost&till=not-a-till');
    await screen.findByText('T01');
    expect(lastQuery(get.mock.calls, '/teller/sessions')).not.toHaveProperty('status');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(get.mock.calls.some(([p]) => String(p).includes('/transactions'))).toBe(false);
  });

  it('writes a changed filter and the opened journal to the URL', async () => {
    const { url } = renderAtUrl(<BranchTillsRoute />, '/transactions/teller/tills?page=2');
    await screen.findByText('T01');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    expect(url()).toBe('/transactions/teller/tills?status=open');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/teller/sessions')).toMatchObject({ status: 'open' }),
    );
    await screen.findByText('T01');
    await userEvent.click(screen.getByRole('button', { name: /^Journal\s*of T01$/ }));
    expect(url()).toBe(`/transactions/teller/tills?status=open&till=${TILL}`);
    await screen.findByText('Aminata Kamara', { exact: false });
  });
});
