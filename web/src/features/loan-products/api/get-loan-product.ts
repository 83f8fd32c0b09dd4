import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanProductSchema, type LoanProduct } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/loan-products/:code — the product with every version, newest first. */
export function getLoanProduct(code: string, signal?: AbortSignal): Promise<LoanProduct> {
  return api.get(`/loan-products/${encodeURIComponent(code)}`, { schema: loanProductSchema, signal });
}

export const loanProductQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['loan-products', 'detail', code],
    queryFn: ({ signal }) => getLoanProduct(code, signal),
  });

export function useLoanProduct(code: string) {
  return useQuery({ ...loanProductQueryOptions(code), retry: false });
}
