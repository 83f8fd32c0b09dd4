import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalCreatedSchema,
  strFileName,
  strPrefillSchema,
  strReportSchema,
  type FiuSubmission,
  type StrDraft,
  type Page,
  type StrReport,
  type StrStatus,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';
import { exportPath } from '@/lib/export-path';

export const STR_PAGE_SIZE = 25;

export interface StrFilters {
  status?: StrStatus | undefined;
  /** Part of the reference or of the subject's name. */
  q?: string | undefined;
}

/** GET /api/str-reports: STRs newest first, by status and search. */
export function getStrReports(page: number, f: StrFilters, signal?: AbortSignal): Promise<Page<StrReport>> {
  return getPage('/str-reports', strReportSchema, {
    page,
    pageSize: STR_PAGE_SIZE,
    params: { status: f.status, q: f.q },
    signal,
  });
}

/** The list's CSV: every STR the filters find (the download is audited). */
export const downloadStrList = (f: StrFilters) =>
  apiDownload(exportPath('/str-reports', { status: f.status, q: f.q }), 'str-reports.csv');

export function useStrReports(page: number, f: StrFilters) {
  return useQuery({
    queryKey: ['aml-filing', 'str', page, f],
    queryFn: ({ signal }) => getStrReports(page, f, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/str-reports/:id/submit: to the MLRO, who approves it in the approvals inbox. */
export function useSendStr() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/str-reports/${id}/submit`, { schema: approvalCreatedSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml-filing', 'str'] }),
  });
}

/** POST /api/str-reports/:id/submission: the FIU's date and reference of an approved STR, once (MLRO). */
export function useRecordStrSubmission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FiuSubmission }) =>
      api.post(`/str-reports/${id}/submission`, { body, schema: strReportSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml-filing', 'str'] }),
  });
}

export const downloadStr = (s: Pick<StrReport, 'id' | 'reference'>, format: 'xml' | 'pdf') =>
  apiDownload(`/str-reports/${s.id}/${format}`, strFileName(s.reference, format));

/** GET /api/str-reports/:id: one STR, for its screen. */
export function useStrReport(id: string) {
  return useQuery({
    queryKey: ['aml-filing', 'str', 'one', id],
    queryFn: ({ signal }) => api.get(`/str-reports/${id}`, { schema: strReportSchema, signal }),
    retry: false,
  });
}

/** GET /api/str-reports/from-case/:caseId: the case's evidence a draft starts from (the view is audited). */
export function useStrPrefill(caseId: string) {
  return useQuery({
    queryKey: ['aml-filing', 'str', 'prefill', caseId],
    queryFn: ({ signal }) =>
      api.get(`/str-reports/from-case/${caseId}`, { schema: strPrefillSchema, signal }),
    retry: false,
  });
}

/** POST /api/str-reports (no id: a new draft) or PUT /api/str-reports/:id (an edit of the draft). */
export function useSaveStrDraft(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StrDraft) =>
      id
        ? api.put(`/str-reports/${id}`, { body, schema: strReportSchema })
        : api.post('/str-reports', { body, schema: strReportSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml-filing', 'str'] }),
  });
}
