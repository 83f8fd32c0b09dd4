import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { productSchema, type Product } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/products/:code — the product with every version, newest first. */
export function getProduct(code: string, signal?: AbortSignal): Promise<Product> {
  return api.get(`/products/${encodeURIComponent(code)}`, { schema: productSchema, signal });
}

export const productQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['products', 'detail', code],
    queryFn: ({ signal }) => getProduct(code, signal),
  });

export function useProduct(code: string | null) {
  return useQuery({ ...productQueryOptions(code ?? ''), enabled: !!code, retry: false });
}

/** Every listed product's detail at once (the pricing screen's version histories). */
export function useProductDetails(codes: string[]) {
  return useQueries({ queries: codes.map((c) => ({ ...productQueryOptions(c), retry: false })) });
}
