import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvalCreatedSchema,
  preparedReturnsSchema,
  returnFileName,
  returnFilingSchema,
  returnTemplateSchema,
  type ReturnFileFormat,
  type ReturnMappingChange,
  type ReturnFiling,
  type ReturnsSignOff,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';

/** GET /api/regulatory-returns/prepare?monthEnd= — the month's returns, live, beside the previous month. */
export function usePreparedReturns(monthEnd: string) {
  return useQuery({
    queryKey: ['regulatory-returns', 'prepare', monthEnd],
    queryFn: ({ signal }) =>
      api.get(`/regulatory-returns/prepare?${new URLSearchParams({ monthEnd })}`, {
        schema: preparedReturnsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: monthEnd !== '',
    retry: false,
  });
}

/** GET /api/regulatory-returns/filings?monthEnd= — the month's filed versions, newest first. */
export function useFilings(monthEnd: string) {
  return useQuery({
    queryKey: ['regulatory-returns', 'filings', monthEnd],
    queryFn: ({ signal }) =>
      api.get(`/regulatory-returns/filings?${new URLSearchParams({ monthEnd, pageSize: '100' })}`, {
        schema: z.array(returnFilingSchema),
        signal,
      }),
    enabled: monthEnd !== '',
    retry: false,
  });
}

/** POST /api/regulatory-returns/sign-off — 202 {approvalId}: filed once a second person approves. */
export function useSignOff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnsSignOff) =>
      api.post('/regulatory-returns/sign-off', { body, schema: approvalCreatedSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

/** A filed version's stored XLSX, PDF or CSV, saved under the server's name for it. */
export const downloadFiling = (f: ReturnFiling, format: ReturnFileFormat) =>
  apiDownload(
    `/regulatory-returns/filings/${f.id}/download?format=${format}`,
    returnFileName(f.monthEnd, f.version, format),
  );

/** GET /api/regulatory-returns/templates — every return's lines and the GL patterns each reads. */
export function useReturnTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['regulatory-returns', 'templates'],
    queryFn: ({ signal }) =>
      api.get('/regulatory-returns/templates', { schema: z.array(returnTemplateSchema), signal }),
    enabled,
    retry: false,
  });
}

/** PUT …/templates/:template/lines/:line/mapping — 202: the line reads the new accounts once approved. */
export function useChangeMapping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ template, line, body }: { template: string; line: string; body: ReturnMappingChange }) =>
      api.put(
        `/regulatory-returns/templates/${encodeURIComponent(template)}/lines/${encodeURIComponent(line)}/mapping`,
        { body, schema: approvalCreatedSchema },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}
