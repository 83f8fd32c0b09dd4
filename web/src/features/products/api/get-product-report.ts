import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { currencySchema, DEPOSIT_PRODUCT_TYPES } from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';

/**
 * One row of GET /api/products/reports?format=json. Not in the contracts yet: this is the shape
 * agreed with the server helper (amounts and rates as decimal strings).
 */
export const productReportRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  accountType: z.enum(DEPOSIT_PRODUCT_TYPES),
  currency: currencySchema,
  rateInForce: z.string(),
  accountsByStatus: z.record(z.string(), z.number().int()),
  totalBalance: z.string(),
});
export type ProductReportRow = z.infer<typeof productReportRowSchema>;

export function getProductReport(signal?: AbortSignal): Promise<ProductReportRow[]> {
  return api.get('/products/reports?format=json', { schema: z.array(productReportRowSchema), signal });
}

export const productReportQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'report'], queryFn: ({ signal }) => getProductReport(signal) });

export function useProductReport() {
  return useQuery({ ...productReportQueryOptions(), retry: false });
}

/** The same report as a file; the name carries the date it was taken. */
export function downloadProductReport(format: 'csv' | 'pdf'): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return apiDownload(`/products/reports?format=${format}`, `products-report-${day}.${format}`);
}
