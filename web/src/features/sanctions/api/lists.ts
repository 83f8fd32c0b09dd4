import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sanctionsImportAnswerSchema,
  sanctionsListVersionSchema,
  type Page,
  type SanctionsImport,
  type SanctionsListVersion,
  type SanctionsSource,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const LISTS_PAGE_SIZE = 10;

/** GET /api/sanctions/lists — both lists' imports, newest first, with their counts. */
export function getListVersions(page: number, signal?: AbortSignal): Promise<Page<SanctionsListVersion>> {
  return getPage('/sanctions/lists', sanctionsListVersionSchema, { page, pageSize: LISTS_PAGE_SIZE, signal });
}

export function useListVersions(page: number) {
  return useQuery({
    queryKey: ['sanctions', 'lists', page],
    queryFn: ({ signal }) => getListVersions(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/sanctions/lists/:source — staged as the next version; in force once another officer approves. */
export function useUploadList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ source, body }: { source: SanctionsSource; body: SanctionsImport }) =>
      api.post(`/sanctions/lists/${source}`, { body, schema: sanctionsImportAnswerSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['sanctions', 'lists'] }),
  });
}
