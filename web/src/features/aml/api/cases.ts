import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  amlCaseFileSchema,
  amlCaseSchema,
  type AmlAttachment,
  type AmlCase,
  type AmlCaseQuery,
  type AmlTransition,
  type Page,
} from '@bankmanager/contracts';
import { api, apiDownload, apiUpload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const CASES_PAGE_SIZE = 20;
export type CaseFilters = Partial<Pick<AmlCaseQuery, 'status' | 'q' | 'mine' | 'sort'>>;

export const caseParams = (f: CaseFilters): Record<string, string | undefined> => ({
  status: f.status,
  q: f.q,
  mine: f.mine,
  sort: f.sort,
});

/** GET /api/aml/cases — filtered, searched, sorted and paged by the server. */
export function getCases(page: number, f: CaseFilters, signal?: AbortSignal): Promise<Page<AmlCase>> {
  return getPage('/aml/cases', amlCaseSchema, {
    page,
    pageSize: CASES_PAGE_SIZE,
    params: caseParams(f),
    signal,
  });
}

export function useCases(page: number, f: CaseFilters) {
  return useQuery({
    queryKey: ['aml', 'cases', page, f],
    queryFn: ({ signal }) => getCases(page, f, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/aml/cases/:id — the case file (each view is audited on the server). */
export function useCaseFile(id: string) {
  return useQuery({
    queryKey: ['aml', 'case', id],
    queryFn: ({ signal }) => api.get(`/aml/cases/${id}`, { schema: amlCaseFileSchema, signal }),
    retry: false,
  });
}

function useCaseStep<B>(id: string, path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post(`/aml/cases/${id}/${path}`, { body, schema: amlCaseSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml'] }),
  });
}

export const useTransition = (id: string) => useCaseStep<AmlTransition>(id, 'transitions');
export const useAddNote = (id: string) => useCaseStep<{ text: string }>(id, 'notes');
export const useAssign = (id: string) => useCaseStep<{ assignee: 'me' | 'nobody' }>(id, 'assignee');

/** POST /api/aml/cases/:id/attachments (multipart: file) — 201 with the attachment. */
export function useAttachEvidence(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return apiUpload<AmlAttachment>(`/aml/cases/${id}/attachments`, form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml'] }),
  });
}

/** GET …/attachments/:attachmentId/content, saved under the name it was filed with (audited). */
export const downloadEvidence = (a: AmlAttachment) =>
  apiDownload(`/aml/cases/${a.caseId}/attachments/${encodeURIComponent(a.id)}/content`, a.fileName);
