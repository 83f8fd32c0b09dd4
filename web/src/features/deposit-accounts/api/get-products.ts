import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema, type DepositProductType, type Product } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/products?type= — the products of one type, for the pickers and the list's filter. */
export function getProducts(type: DepositProductType, signal?: AbortSignal): Promise<Product[]> {
  return api.get(`/products?${new URLSearchParams({ type })}`, { schema: z.array(productSchema), signal });
}

export const productsQueryOptions = (type: DepositProductType) =>
  queryOptions({
    queryKey: ['deposit-accounts', 'products', type],
    queryFn: ({ signal }) => getProducts(type, signal),
    // Products change through four-eyes requests, rarely: no need to refetch per screen.
    staleTime: 5 * 60_000,
  });

export const useProducts = (type: DepositProductType) => useQuery(productsQueryOptions(type));
