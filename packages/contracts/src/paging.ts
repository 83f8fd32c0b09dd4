import { z } from 'zod';
import { formatCount } from './format.ts';

/**
 * One list contract for every paged `/api` list (docs/decisions/0008-list-paging.md): 1-based `page`,
 * `pageSize` up to MAX_PAGE_SIZE, the rows as the JSON body and the exact total in TOTAL_COUNT_HEADER.
 * A list's own query schema extends this one with its filters and sorts.
 */
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1_000_000;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const pageQuerySchema = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page as the client holds it: the rows and the total that X-Total-Count reported. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * The pager under every paged list: its landmark name, buttons and row count. docs/product.md §2 gave
 * the wording for the registered users' list; every list says it the same way.
 */
export const PAGINATION_TEXT = {
  label: 'Pagination',
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  /** 1-based page number. */
  loading: (page: number) => `Loading page ${page}…`,
  showing: (from: number, to: number, total: number) =>
    `Showing ${formatCount(from)} to ${formatCount(to)} of ${formatCount(total)} results`,
};
