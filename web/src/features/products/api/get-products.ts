import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema, type Product } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** The list's filters as the server takes them (empty = every value). */
export interface ProductFilters {
  type?: string;
  currency?: string;
  status?: string;
}

/** GET /api/products — every deposit product with the terms in force (versions are [] here). */
export function getProducts(f: ProductFilters = {}, signal?: AbortSignal): Promise<Product[]> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f) as [string, string | undefined][]) if (v) q.set(k, v);
  const search = q.size ? `?${q}` : '';
  return api.get(`/products${search}`, { schema: z.array(productSchema), signal });
}

export const productsQueryOptions = (f: ProductFilters = {}) =>
  queryOptions({
    queryKey: ['products', 'list', f],
    queryFn: ({ signal }) => getProducts(f, signal),
  });

export function useProducts(f: ProductFilters = {}) {
  return useQuery({ ...productsQueryOptions(f), retry: false });
}
