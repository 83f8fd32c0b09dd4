import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVAL_TYPES } from '@bankmanager/contracts';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import * as realtime from '@/lib/realtime';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { ApprovalsInboxRoute } from './approvals-inbox-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });
stubFunctions(realtime, { useLiveRefetch: () => false });

const PATH = '/transactions/control/approve';

describe('Approvals inbox: filters and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '60' } }));
      return Promise.resolve([]);
    });
  });

  it('asks for the URL’s filters and page, dropping a type that is not one', async () => {
    renderAtUrl(<ApprovalsInboxRoute />, `${PATH}?type=bribe&minAmount=12.50&branch=002&page=2`);
    await screen.findByText('Showing 26 to 50 of 60 results');
    const q = lastQuery(get.mock.calls, '/approvals');
    expect(q).toMatchObject({ scope: 'decide', minAmount: '12.50', branch: '002', page: '2' });
    expect(q).not.toHaveProperty('type');
    expect(screen.getByLabelText('Type')).toHaveValue('');
    expect(screen.getByLabelText('Amount at least')).toHaveValue('12.50');
  });

  it('writes a changed filter to the URL and goes back to page one', async () => {
    const { url } = renderAtUrl(<ApprovalsInboxRoute />, `${PATH}?page=2`);
    await screen.findByText('Showing 26 to 50 of 60 results');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: APPROVAL_TYPES[0] } });
    expect(url()).toBe(`${PATH}?type=${APPROVAL_TYPES[0]}`);
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/approvals')).toMatchObject({ type: APPROVAL_TYPES[0], page: '1' }),
    );
  });
});
