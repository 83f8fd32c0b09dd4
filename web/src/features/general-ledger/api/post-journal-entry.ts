import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvalCreatedSchema,
  journalEntrySchema,
  type JournalEntry,
  type ManualJournalRequest,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/journal-entries — a manual journal: the entry (201/200), or `{ approvalId }` (202) when it
 * is over the maker's limit and waits for a second person; refused with 400 (bad line) or 409.
 */
export function postJournalEntry(body: ManualJournalRequest): Promise<JournalEntry | { approvalId: string }> {
  return api.post('/journal-entries', { body, schema: z.union([approvalCreatedSchema, journalEntrySchema]) });
}

/** Posting moves every ledger figure: the lists and reports are fetched again. */
export function usePostJournalEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postJournalEntry,
    onSuccess: () => invalidateLedger(qc),
  });
}

export function invalidateLedger(qc: ReturnType<typeof useQueryClient>) {
  for (const key of [
    'journal-entries',
    'gl-accounts',
    'gl-trial-balance',
    'gl-balance-sheet',
    'gl-income-statement',
    'gl-statement',
  ]) {
    void qc.invalidateQueries({ queryKey: [key] });
  }
}
