import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } } }) } },
}));
const { getUserStatus } = await import('./get-user-status');

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('getUserStatus', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('returns the flags, sending the bearer token with credentials', async () => {
    fetchMock.mockResolvedValue(json(200, { isActivated: true, isSuperuser: false }));
    await expect(getUserStatus()).resolves.toEqual({ isActivated: true, isSuperuser: false });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/status');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('surfaces the body error, else details, else the status text', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'Not allowed' }));
    await expect(getUserStatus()).rejects.toThrow('Not allowed');
    fetchMock.mockResolvedValueOnce(json(500, { details: 'db down' }));
    await expect(getUserStatus()).rejects.toThrow('db down');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(getUserStatus()).rejects.toThrow('Error fetching user status: Bad Gateway');
  });

  it('times out after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const result = getUserStatus().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await result) as Error).message).toBe('Request timed out while fetching user status');
  });
});
