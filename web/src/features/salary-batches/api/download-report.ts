import { apiDownload } from '@/lib/api-client';

/** GET …/report.csv — every line with its problem in words, for the employer. */
export const downloadReport = (id: string) =>
  apiDownload(`/salary-batches/${encodeURIComponent(id)}/report.csv`, `salary-batch-${id}.csv`);
