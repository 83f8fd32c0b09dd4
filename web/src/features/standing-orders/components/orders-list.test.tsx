import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { OrdersList } from './orders-list';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });

const order = {
  id: 'SO-9',
  reference: 'SO-9',
  from_account: '0011000000017',
  from_holder: 'Kamara Fatmata',
  to_account: '0011000000025',
  to_holder: 'Sesay Aminata',
  currency: 'SLE',
  to_currency: 'SLE',
  amount: '100.00',
  narration: 'Rent',
  frequency: 'monthly',
  start_date: '2026-03-01',
  end_date: null,
  next_date: '2026-04-01',
  status: 'active',
  branch: '001',
  created_by: 'ops@bank.sl',
  version: 1,
  last_run: null,
};
const PATH = '/transactions/standing-orders/register';

describe('Standing orders: search and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '35' } }));
      return Promise.resolve([order]);
    });
  });

  it('asks for the URL’s account number and page, and shows the number in the box', async () => {
    const { url } = renderAtUrl(<OrdersList />, `${PATH}?q=001-1000&page=2`);
    await screen.findByTestId('order-SO-9');
    expect(lastQuery(get.mock.calls, '/standing-orders')).toMatchObject({ q: '0011000', page: '2' });
    expect(screen.getByLabelText('Account number (either side)')).toHaveValue('001-1000');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe(`${PATH}?q=001-1000&page=3`);
  });

  it('writes a new search to the URL and starts again at page one', async () => {
    const { url } = renderAtUrl(<OrdersList />, `${PATH}?page=3`);
    await screen.findByTestId('order-SO-9');
    await userEvent.type(screen.getByLabelText('Account number (either side)'), '0011');
    await waitFor(() => expect(url()).toBe(`${PATH}?q=0011`));
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/standing-orders')).toMatchObject({ q: '0011', page: '1' }),
    );
  });

  it('ignores a search longer than the server takes', async () => {
    renderAtUrl(<OrdersList />, `${PATH}?q=${'1'.repeat(41)}`);
    await screen.findByTestId('order-SO-9');
    expect(lastQuery(get.mock.calls, '/standing-orders')).not.toHaveProperty('q');
  });
});
