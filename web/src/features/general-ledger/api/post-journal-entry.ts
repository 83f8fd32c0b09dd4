import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journalEntrySchema, type JournalEntry, type ManualJournalRequest } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/journal-entries — a manual journal; refused with 400 (bad line) or 409 (details.code). */
export function postJournalEntry(body: ManualJournalRequest): Promise<JournalEntry> {
  return api.post('/journal-entries', { body, schema: journalEntrySchema });
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
