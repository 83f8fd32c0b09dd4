import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { TillRegisterRoute } from './till-register-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, post, put } });

const TELLER = '7c0a4a77-52f1-4c2e-8f7e-3d9d6e1b2a10';
const till = {
  id: 'a3f1c2d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d',
  branch: '001',
  code: 'TILL-1',
  name: 'Front counter',
  assignedTellerId: null,
  assignedTellerName: null,
  active: true,
  updatedAt: '2026-11-29T07:00:00Z',
};

describe('Teller Administration: the till register', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    put.mockReset();
    get.mockImplementation((path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      if (path.startsWith('/teller/tills/tellers'))
        return Promise.resolve([{ id: TELLER, name: 'Isatu Kargbo' }]);
      return Promise.resolve([till]);
    });
  });

  it('lists the register searched in the URL, and registers a till checked by the route’s schema', async () => {
    const { url } = renderAtUrl(<TillRegisterRoute />, '/transactions/teller/admin?q=front');
    expect(await screen.findByText('Front counter')).toBeInTheDocument();
    expect(lastQuery(get.mock.calls, '/teller/tills')).toMatchObject({ q: 'front', page: '1' });
    await userEvent.click(screen.getByRole('button', { name: 'Register a till' }));
    const form = screen.getByRole('form', { name: 'Register a till' });
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Code'), 'till two');
    await userEvent.click(screen.getByRole('button', { name: 'Register the till' }));
    expect(
      await screen.findByText('A till code such as TILL-1 (letters, digits and "-", up to 12)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the till’s name')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce({ ...till, id: 'b', code: 'TILL-2' });
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'till-2');
    await userEvent.type(screen.getByLabelText('Name'), 'Window 2');
    await userEvent.selectOptions(screen.getByLabelText('Assigned teller'), 'Isatu Kargbo');
    await userEvent.click(screen.getByRole('button', { name: 'Register the till' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/teller/tills',
        expect.objectContaining({
          body: { code: 'TILL-2', name: 'Window 2', assignedTellerId: TELLER },
        }),
      ),
    );
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(url()).toBe('/transactions/teller/admin?q=front');
  }, 20_000);

  it('takes a till out of use, and shows a refusal on the form', async () => {
    renderAtUrl(<TillRegisterRoute />, '/transactions/teller/admin');
    await screen.findByText('Front counter');
    await userEvent.click(screen.getByRole('button', { name: 'Change TILL-1' }));
    expect(screen.queryByLabelText('Code')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /In use/ }));
    put.mockRejectedValueOnce(
      new ApiError('Not in your branch', 403, 'Forbidden', { error: 'Not in your branch' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save the till' }));
    expect(await screen.findByText('Not in your branch')).toBeInTheDocument();
    put.mockResolvedValueOnce({ ...till, active: false });
    await userEvent.click(screen.getByRole('button', { name: 'Save the till' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith(
        `/teller/tills/${till.id}`,
        expect.objectContaining({
          body: { name: 'Front counter', assignedTellerId: null, active: false },
        }),
      ),
    );
  }, 20_000);
});
