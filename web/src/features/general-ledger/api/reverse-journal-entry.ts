import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journalEntrySchema, type JournalEntry } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { invalidateLedger } from './post-journal-entry';

/** POST /api/journal-entries/:id/reversal — a new entry with every line on the other side. */
export function reverseJournalEntry(id: string, reference: string): Promise<JournalEntry> {
  return api.post(`/journal-entries/${encodeURIComponent(id)}/reversal`, {
    body: { reference },
    schema: journalEntrySchema,
  });
}

export function useReverseJournalEntry(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => reverseJournalEntry(id, reference),
    onSuccess: () => {
      invalidateLedger(qc);
      void qc.invalidateQueries({ queryKey: ['journal-entry', id] });
    },
  });
}
