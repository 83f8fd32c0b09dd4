import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ctrFilingFileName,
  ctrFilingSchema,
  type CtrFiling,
  type FiuSubmission,
  type Page,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const CTR_FILINGS_PAGE_SIZE = 25;

/** GET /api/ctr-filings: the frozen filings, newest first. */
export function getCtrFilings(page: number, signal?: AbortSignal): Promise<Page<CtrFiling>> {
  return getPage('/ctr-filings', ctrFilingSchema, { page, pageSize: CTR_FILINGS_PAGE_SIZE, signal });
}

export function useCtrFilings(page: number) {
  return useQuery({
    queryKey: ['aml-filing', 'ctr-filings', page],
    queryFn: ({ signal }) => getCtrFilings(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/ctr-filings/:id/submission: the FIU's date and reference, recorded once. */
export function useRecordCtrSubmission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FiuSubmission }) =>
      api.post(`/ctr-filings/${id}/submission`, { body, schema: ctrFilingSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml-filing', 'ctr-filings'] }),
  });
}

export const downloadCtrFilingFile = (f: Pick<CtrFiling, 'id' | 'reference'>, format: 'xml' | 'csv') =>
  apiDownload(`/ctr-filings/${f.id}/${format}`, ctrFilingFileName(f.reference, format));
