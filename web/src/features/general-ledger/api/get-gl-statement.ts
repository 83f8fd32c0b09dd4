import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { glStatementSchema, type GlStatement } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export interface GlStatementRequest {
  code: string;
  from: string;
  to: string;
  currency?: string;
}

/** GET /api/gl/accounts/:code/statement — one keyset page; `cursor` continues where a page ended. */
export function getGlStatement(
  r: GlStatementRequest,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GlStatement> {
  const q = new URLSearchParams({ from: r.from, to: r.to });
  if (r.currency) q.set('currency', r.currency);
  if (cursor) q.set('cursor', cursor);
  return api.get(`/gl/accounts/${encodeURIComponent(r.code)}/statement?${q}`, {
    schema: glStatementSchema,
    signal,
  });
}

export const glStatementQueryOptions = (r: GlStatementRequest) =>
  infiniteQueryOptions({
    queryKey: ['gl-statement', r],
    queryFn: ({ pageParam, signal }) => getGlStatement(r, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: false,
  });

/** 'Show more' appends the next page of lines below those shown. */
export function useGlStatement(r: GlStatementRequest | null) {
  return useInfiniteQuery({
    ...glStatementQueryOptions(r ?? { code: '', from: '', to: '' }),
    enabled: r !== null,
  });
}
