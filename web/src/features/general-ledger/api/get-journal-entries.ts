import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { journalEntrySummarySchema, type JournalEntrySummary, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const JOURNAL_PAGE_SIZE = 20;

export interface JournalFilters {
  from?: string;
  to?: string;
  account?: string;
  source?: string;
  maker?: string;
  reference?: string;
}

/** GET /api/journal-entries — newest first, filtered; the total is in X-Total-Count. */
export function getJournalEntries(
  f: JournalFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Page<JournalEntrySummary>> {
  return getPage('/journal-entries', journalEntrySummarySchema, {
    page,
    pageSize: JOURNAL_PAGE_SIZE,
    params: { ...f },
    signal,
  });
}

export function useJournalEntries(f: JournalFilters, page: number) {
  return useQuery({
    queryKey: ['journal-entries', f, page],
    queryFn: ({ signal }) => getJournalEntries(f, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
