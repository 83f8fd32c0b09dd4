import { z, type ZodType } from 'zod';
import { pageQuerySchema, TOTAL_COUNT_HEADER, type Page } from '@bankmanager/contracts';
import { api } from './api-client';

export interface PageRequest {
  /** 0-based, as the screens count; the wire is 1-based (docs/decisions/0008-list-paging.md). */
  page: number;
  pageSize: number;
  /** The list's own filters and sorts; empty and undefined values are left out. */
  params?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/**
 * GET one page of a paged `/api` list: the rows are the body (each checked with `rowSchema`), the exact
 * total is the X-Total-Count header. Every paged list of the SPA goes through here.
 */
export async function getPage<Row>(
  path: string,
  rowSchema: ZodType<Row>,
  { page, pageSize, params = {}, signal }: PageRequest,
): Promise<Page<Row>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const paging = pageQuerySchema.parse({ page: page + 1, pageSize });
  query.set('page', String(paging.page));
  query.set('pageSize', String(paging.pageSize));
  let total = 0;
  const rows = await api.get(`${path}?${query}`, {
    schema: z.array(rowSchema),
    signal,
    onResponse: (res) => (total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? 0)),
  });
  return { rows, total };
}
