import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { standingOrderSchema, type Page, type StandingOrder } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const ORDERS_PAGE_SIZE = 10;

/** GET /api/standing-orders — newest first; `q` an account number on either side. */
export function getOrders(page: number, q: string, signal?: AbortSignal): Promise<Page<StandingOrder>> {
  return getPage('/standing-orders', standingOrderSchema, {
    page,
    pageSize: ORDERS_PAGE_SIZE,
    params: { q },
    signal,
  });
}

export function useOrders(page: number, q: string) {
  return useQuery({
    queryKey: ['standing-orders', 'list', page, q],
    queryFn: ({ signal }) => getOrders(page, q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
