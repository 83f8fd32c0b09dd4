import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { PermissionsContext } from '@/lib/permissions/permissions-context';

const { list, from } = vi.hoisted(() => {
  const list = vi.fn();
  return { list, from: vi.fn(() => ({ list })) };
});
vi.mock('@/lib/supabase', () => ({
  supabase: {
    storage: {
      listBuckets: async () => ({
        data: [
          { id: 'avatars', name: 'avatars', public: true, read_permission: 'storage.manage' },
          { id: 'docs', name: 'docs', public: false, read_permission: 'customers.read' },
          // A retired bucket: no read permission, so only the service role may list it.
          { id: 'legacy', name: 'legacy', public: false, read_permission: null },
        ],
        error: null,
      }),
      from,
    },
  },
}));
const { ObjectLibraryRoute: Route } = await import('./object-library-route');
/** As a superuser sees it: every permission held. */
const ObjectLibraryRoute = () => (
  <PermissionsContext value={{ me: null, can: () => true, reload: () => {} }}>
    <Route />
  </PermissionsContext>
);
const { OBJECTS_PAGE_SIZE } = await import('../api/storage');

const PATH = '/system/batch-control/object-library';
const folder = { name: 'march', id: null, updated_at: null, metadata: null };

describe('Object library: bucket, folder and page in the URL', () => {
  beforeEach(() => {
    list.mockReset();
    from.mockClear();
    list.mockResolvedValue({ data: [folder], error: null });
  });

  it('lists the URL’s bucket and folder at its page; opening a folder moves the URL', async () => {
    const { url } = renderAtUrl(<ObjectLibraryRoute />, `${PATH}?bucket=docs&folder=kyc/2026/&page=3`);
    await screen.findByText('march/');
    expect(from).toHaveBeenLastCalledWith('docs');
    expect(list).toHaveBeenLastCalledWith(
      'kyc/2026/',
      expect.objectContaining({ offset: 2 * OBJECTS_PAGE_SIZE }),
    );
    expect(screen.getByLabelText('Bucket')).toHaveValue('docs');
    await userEvent.click(screen.getByRole('button', { name: 'march/' }));
    expect(url()).toBe(`${PATH}?bucket=docs&folder=kyc%2F2026%2Fmarch%2F`);
    await userEvent.click(await screen.findByText('Up one folder'));
    expect(url()).toBe(`${PATH}?bucket=docs&folder=kyc%2F2026%2F`);
  });

  it('falls back to the first bucket, its top and page one on values the service would refuse', async () => {
    renderAtUrl(<ObjectLibraryRoute />, `${PATH}?bucket=nope&folder=../etc/&page=zz`);
    await screen.findByText('march/');
    expect(from).toHaveBeenLastCalledWith('avatars');
    expect(list).toHaveBeenLastCalledWith('', expect.objectContaining({ offset: 0 }));
  });

  it('never offers a bucket nobody but the service role can open, superusers included', async () => {
    renderAtUrl(<ObjectLibraryRoute />, `${PATH}?bucket=legacy`);
    await screen.findByText('march/');
    expect(from).not.toHaveBeenCalledWith('legacy');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['avatars (public)', 'docs']);
  });
});
