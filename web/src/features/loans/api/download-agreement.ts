import { apiDownload } from '@/lib/api-client';

/** GET /api/loans/:id/agreement.pdf — the agreement summary, saved for printing. */
export const downloadAgreement = (id: number): Promise<void> =>
  apiDownload(`/loans/${id}/agreement.pdf`, `loan-${id}-agreement.pdf`);
