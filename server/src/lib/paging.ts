import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER, type Page, type PageQuery } from '@bankmanager/contracts';

/** The rows a page covers, as SQL's `limit … offset …` wants them. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * The window of a 1-based `page` of `pageSize` rows (contracts' pageQuerySchema has checked both);
 * `defaultPageSize` is the list's own default when the client sent none.
 */
export function pageWindow(query: PageQuery, defaultPageSize: number): PageWindow {
  const limit = query.pageSize ?? defaultPageSize;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

/** Puts the exact total of a list in X-Total-Count (also for a CSV export of the whole list). */
export function setTotalCount(reply: FastifyReply, total: number): void {
  void reply.header(TOTAL_COUNT_HEADER, String(total));
}

/** Answers one page: the rows as the JSON body, the total in X-Total-Count. */
export function sendPage<Row>(reply: FastifyReply, page: Page<Row>): Row[] {
  setTotalCount(reply, page.total);
  return page.rows;
}
