import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerLookupSchema, type CustomerLookup } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/customers/:id — name, mobile, accounts and current subscription (add and edit modes). */
export function getCustomer(custId: number, signal?: AbortSignal): Promise<CustomerLookup> {
  return api.get(`/customers/${custId}`, { schema: customerLookupSchema, signal });
}

export const customerQueryOptions = (custId: number | null) =>
  queryOptions({
    queryKey: ['customer', custId],
    queryFn: ({ signal }) => getCustomer(custId!, signal),
    enabled: custId !== null,
    retry: false,
  });

export function useCustomer(custId: number | null) {
  return useQuery(customerQueryOptions(custId));
}
