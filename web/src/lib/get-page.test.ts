import { z } from 'zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (_path: string, opts: { onResponse?: (r: Response) => void; schema: z.ZodType }) => {
  opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '42' } }));
  return opts.schema.parse([{ id: 1 }, { id: 2 }]);
});
vi.mock('./api-client', () => ({ api: { get } }));
const { getPage } = await import('./get-page');

const row = z.object({ id: z.number() });

describe('getPage', () => {
  beforeEach(() => {
    get.mockClear();
  });

  it('asks for the 1-based page with its filters and reads the total from X-Total-Count', async () => {
    const page = await getPage('/admin/staff', row, {
      page: 2,
      pageSize: 10,
      params: { q: 'binta', status: undefined, superuser: '' },
    });
    expect(page).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(get.mock.calls[0]?.[0]).toBe('/admin/staff?q=binta&page=3&pageSize=10');
  });

  it('refuses a page size the list contract does not allow', async () => {
    await expect(getPage('/admin/audit', row, { page: 0, pageSize: 1000 })).rejects.toThrow();
    expect(get).not.toHaveBeenCalled();
  });
});
