import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { ExchangeRatesRoute } from './exchange-rates-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });

const rate = {
  currency: 'USD',
  business_date: '2026-03-02',
  buy: '22.50',
  mid: '23.00',
  sell: '23.50',
  entered_by: 'treasury@bank.sl',
  entered_at: '2026-03-02T08:00:00Z',
};

describe('Exchange rates: the page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      if (!path.startsWith('/fx-rates?')) return Promise.reject(new Error('not in this test'));
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '200' } }));
      return Promise.resolve([rate]);
    });
  });

  it('asks for the page the URL names, and a page change moves the URL', async () => {
    const { url } = renderAtUrl(<ExchangeRatesRoute />, '/treasury/rates?page=3');
    await screen.findByText('USD');
    expect(lastQuery(get.mock.calls, '/fx-rates')).toMatchObject({ page: '3' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('/treasury/rates?page=4');
    await waitFor(() => expect(lastQuery(get.mock.calls, '/fx-rates')).toMatchObject({ page: '4' }));
  });

  it('starts on page one when the URL’s page is not a page', async () => {
    renderAtUrl(<ExchangeRatesRoute />, '/treasury/rates?page=minus-one');
    await screen.findByText('USD');
    expect(lastQuery(get.mock.calls, '/fx-rates')).toMatchObject({ page: '1' });
  });
});
