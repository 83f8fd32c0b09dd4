import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerListRowSchema, type CustomerListRow, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const CUSTOMERS_PAGE_SIZE = 20;

/** The list's query string as the screen keeps it (all strings, empty = unset). */
export interface CustomerFilters {
  q?: string;
  type?: string;
  status?: string;
  branch?: string;
  risk?: string;
  kyc?: string;
  sort?: string;
  dir?: string;
}

/** GET /api/customers — one page of matches; the total is in X-Total-Count. */
export function getCustomers(
  f: CustomerFilters,
  page: number,
  pageSize = CUSTOMERS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<Page<CustomerListRow>> {
  return getPage('/customers', customerListRowSchema, { page, pageSize, params: { ...f }, signal });
}

export const customersQuery = (f: CustomerFilters, page: number, pageSize = CUSTOMERS_PAGE_SIZE) => ({
  queryKey: ['customers', f, page, pageSize],
  queryFn: ({ signal }: { signal: AbortSignal }) => getCustomers(f, page, pageSize, signal),
});

export function useCustomers(
  f: CustomerFilters,
  page: number,
  pageSize = CUSTOMERS_PAGE_SIZE,
  enabled = true,
) {
  return useQuery({
    ...customersQuery(f, page, pageSize),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
