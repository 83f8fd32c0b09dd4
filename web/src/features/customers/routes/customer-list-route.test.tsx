import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as permissions from '@/lib/permissions';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { CustomerListRoute } from './customer-list-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(permissions, { usePermissions: () => ({ can: () => false }) });

const customer = {
  id: 42,
  name: 'Kamara Fatmata',
  type: 'private',
  status: 'Active',
  branch: '001',
  mobile: '+23276000042',
  idNumber: null,
  risk: 'high',
  kycComplete: true,
  createdAt: '2026-03-02T08:00:00Z',
};

describe('Customer list: filters, sort and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '90' } }));
      return Promise.resolve([customer]);
    });
  });

  it('asks for the URL’s search, filters, sort and page, and shows them in the controls', async () => {
    renderAtUrl(
      <CustomerListRoute kind="private" />,
      '/customers/private?q=kam&status=Active&risk=high&sort=created&dir=desc&page=2',
    );
    await screen.findByText('Kamara Fatmata');
    expect(lastQuery(get.mock.calls, '/customers')).toMatchObject({
      q: 'kam',
      status: 'Active',
      risk: 'high',
      type: 'private',
      sort: 'created',
      dir: 'desc',
      page: '2',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('Active');
    expect(screen.getByLabelText('Risk')).toHaveValue('high');
    expect(screen.getByRole('searchbox')).toHaveValue('kam');
    expect(screen.getByRole('columnheader', { name: /Opened/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes a changed filter or sort to the URL and goes back to page one', async () => {
    const { url } = renderAtUrl(<CustomerListRoute kind="private" />, '/customers/private?risk=low&page=3');
    await screen.findByText('Kamara Fatmata');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Dormant' } });
    expect(url()).toBe('/customers/private?risk=low&status=Dormant');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(url()).toBe('/customers/private?risk=low&status=Dormant&sort=name&dir=desc');
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/customers')).toMatchObject({
        status: 'Dormant',
        dir: 'desc',
        page: '1',
      }),
    );
  });

  it('drops hand-edited values the server would refuse and asks with the defaults instead', async () => {
    renderAtUrl(
      <CustomerListRoute kind="private" />,
      '/customers/private?status=Sleeping&risk=extreme&kyc=maybe&sort=age&dir=up&page=-2',
    );
    await screen.findByText('Kamara Fatmata');
    const q = lastQuery(get.mock.calls, '/customers');
    expect(q).toMatchObject({ sort: 'name', dir: 'asc', page: '1' });
    for (const k of ['status', 'risk', 'kyc']) expect(q).not.toHaveProperty(k);
  });
});
