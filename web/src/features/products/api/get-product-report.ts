import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { currencySchema } from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';

/**
 * GET /api/products/reports?format=json. The shape is the server's (its products module, not the
 * contracts): amounts and rates as decimal strings; `rate` one figure or the range tiers/tenors span.
 */
export const productReportSchema = z.object({
  businessDate: z.string(),
  rows: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      accountType: z.string(),
      currency: currencySchema,
      status: z.string(),
      rate: z.string(),
      debitRate: z.string().nullable(),
      version: z.number().int().nullable(),
      byStatus: z.record(z.string(), z.number().int()),
      accounts: z.number().int(),
      balance: z.string(),
    }),
  ),
  totals: z.array(z.object({ currency: currencySchema, accounts: z.number().int(), balance: z.string() })),
});
export type ProductReport = z.infer<typeof productReportSchema>;

export function getProductReport(signal?: AbortSignal): Promise<ProductReport> {
  return api.get('/products/reports?format=json', { schema: productReportSchema, signal });
}

export const productReportQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'report'], queryFn: ({ signal }) => getProductReport(signal) });

export function useProductReport() {
  return useQuery({ ...productReportQueryOptions(), retry: false });
}

/** The same report as a file, named after the business date it was taken on. */
export function downloadProductReport(format: 'csv' | 'pdf', businessDate: string): Promise<void> {
  return apiDownload(`/products/reports?format=${format}`, `products-${businessDate}.${format}`);
}
