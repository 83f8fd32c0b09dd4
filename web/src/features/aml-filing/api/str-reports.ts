import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalCreatedSchema,
  strFileName,
  strReportSchema,
  type FiuSubmission,
  type Page,
  type StrReport,
  type StrStatus,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const STR_PAGE_SIZE = 25;

/** GET /api/str-reports: STRs newest first, by status. */
export function getStrReports(
  page: number,
  status: StrStatus | undefined,
  signal?: AbortSignal,
): Promise<Page<StrReport>> {
  return getPage('/str-reports', strReportSchema, {
    page,
    pageSize: STR_PAGE_SIZE,
    params: { status },
    signal,
  });
}

export function useStrReports(page: number, status: StrStatus | undefined) {
  return useQuery({
    queryKey: ['aml-filing', 'str', page, status],
    queryFn: ({ signal }) => getStrReports(page, status, signal),
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
