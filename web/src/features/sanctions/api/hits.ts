import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sanctionsHitSchema,
  type Page,
  type SanctionsHit,
  type SanctionsHitDecision,
  type SanctionsHitQuery,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const HITS_PAGE_SIZE = 20;
export type HitFilters = Partial<Pick<SanctionsHitQuery, 'status' | 'q' | 'sort'>>;

/** GET /api/sanctions/hits — filtered, searched, sorted and paged by the server. */
export function getHits(page: number, f: HitFilters, signal?: AbortSignal): Promise<Page<SanctionsHit>> {
  return getPage('/sanctions/hits', sanctionsHitSchema, {
    page,
    pageSize: HITS_PAGE_SIZE,
    params: { status: f.status, q: f.q, sort: f.sort },
    signal,
  });
}

export function useHits(page: number, f: HitFilters) {
  return useQuery({
    queryKey: ['sanctions', 'hits', page, f],
    queryFn: ({ signal }) => getHits(page, f, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useHit(id: string) {
  return useQuery({
    queryKey: ['sanctions', 'hit', id],
    queryFn: ({ signal }) => api.get(`/sanctions/hits/${id}`, { schema: sanctionsHitSchema, signal }),
    retry: false,
  });
}

/** POST /api/sanctions/hits/:id/decision — clear or confirm, with the reason. */
export function useDecideHit(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SanctionsHitDecision) =>
      api.post(`/sanctions/hits/${id}/decision`, { body, schema: sanctionsHitSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['sanctions'] }),
  });
}
