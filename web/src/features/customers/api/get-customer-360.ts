import { queryOptions, useQuery } from '@tanstack/react-query';
import { customer360Schema, type Customer360 } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/customers/:custId/360 — the whole file: details, accounts, documents, approvals. */
export function getCustomer360(id: number, signal?: AbortSignal): Promise<Customer360> {
  return api.get(`/customers/${id}/360`, { schema: customer360Schema, signal });
}

export const customer360Query = (id: number) =>
  queryOptions({
    queryKey: ['customer-360', id],
    queryFn: ({ signal }) => getCustomer360(id, signal),
    retry: false,
  });

export function useCustomer360(id: number | null) {
  return useQuery({ ...customer360Query(id ?? 0), enabled: id !== null && id > 0 });
}
