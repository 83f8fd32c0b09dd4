import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvalCreatedSchema,
  journalEntrySchema,
  type JournalEntry,
  type TransferRequest,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/transfers — the posted entry (201, or 200 for a replayed reference), or `{ approvalId }`
 * (202) over the maker's transfer limit.
 */
export function postTransfer(body: TransferRequest): Promise<JournalEntry | { approvalId: string }> {
  return api.post('/transfers', { body, schema: z.union([approvalCreatedSchema, journalEntrySchema]) });
}

export function usePostTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSuccess: () => {
      for (const key of ['transfer-quote', 'approvals', 'journal-entries'])
        void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}
