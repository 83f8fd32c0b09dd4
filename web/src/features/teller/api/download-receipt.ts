import { receiptFileName } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';

/** GET /api/journal-entries/:id/receipt.pdf, saved as receipt-<entry>.pdf. */
export const downloadReceipt = (entryId: string) =>
  apiDownload(`/journal-entries/${encodeURIComponent(entryId)}/receipt.pdf`, receiptFileName(entryId));
