import { useQuery } from '@tanstack/react-query';
import { customerListRowSchema, type CustomerListRow, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

/**
 * GET /api/customers?q= — the few matches the opening form's picker shows. The customers feature has
 * its own list fetcher; features do not import each other, so this is the minimal one the picker needs.
 */
export function findCustomers(q: string, signal?: AbortSignal): Promise<Page<CustomerListRow>> {
  return getPage('/customers', customerListRowSchema, { page: 0, pageSize: 5, params: { q }, signal });
}

export function useFindCustomers(q: string) {
  return useQuery({
    queryKey: ['deposit-accounts', 'customers', q],
    queryFn: ({ signal }) => findCustomers(q, signal),
    enabled: q.length >= 2,
  });
}
