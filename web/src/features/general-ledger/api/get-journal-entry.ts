import { useQuery } from '@tanstack/react-query';
import { journalEntrySchema, type JournalEntry } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/journal-entries/:id — the entry with every line. */
export function getJournalEntry(id: string, signal?: AbortSignal): Promise<JournalEntry> {
  return api.get(`/journal-entries/${encodeURIComponent(id)}`, { schema: journalEntrySchema, signal });
}

export function useJournalEntry(id: string) {
  return useQuery({
    queryKey: ['journal-entry', id],
    queryFn: ({ signal }) => getJournalEntry(id, signal),
    retry: false,
  });
}
