import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  statementBatchSchema,
  type Page,
  type StatementBatch,
  type StatementBatchCreate,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const STATEMENT_BATCHES_PAGE_SIZE = 10;
const KEY = ['statement-batches'] as const;
/** How often a batch still being printed is asked for again: the progress bar's refresh. */
export const PROGRESS_POLL_MS = 1000;

const working = (b: StatementBatch | undefined) => b?.status === 'queued' || b?.status === 'running';

/** GET /api/statement-batches: newest first, the home branch's unless the user sees every branch. */
export function getStatementBatches(page: number, signal?: AbortSignal): Promise<Page<StatementBatch>> {
  return getPage('/statement-batches', statementBatchSchema, {
    page,
    pageSize: STATEMENT_BATCHES_PAGE_SIZE,
    signal,
  });
}

export function useStatementBatches(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: ({ signal }) => getStatementBatches(page, signal),
    placeholderData: keepPreviousData,
    // While one on the page is still printing, its row follows along.
    refetchInterval: (q) => (q.state.data?.rows.some(working) ? PROGRESS_POLL_MS * 3 : false),
    retry: false,
  });
}

/** GET /api/statement-batches/:id, asked again every second until it is done or failed. */
export function useStatementBatch(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async ({ signal }) => {
      const b = await api.get(`/statement-batches/${id}`, { schema: statementBatchSchema, signal });
      if (!working(b)) void qc.invalidateQueries({ queryKey: [...KEY, 'list'] });
      return b;
    },
    enabled: id !== null,
    refetchInterval: (q) => (working(q.state.data) || !q.state.data ? PROGRESS_POLL_MS : false),
    retry: false,
  });
}

/** POST /api/statement-batches: 202 with the queued batch; the server prints it in the background. */
export function useStartStatementBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementBatchCreate) =>
      api.post('/statement-batches', { body, schema: statementBatchSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

/** GET …/file: the ZIP, or one merged PDF for a single branch. */
export const downloadStatementBatch = (b: StatementBatch) =>
  apiDownload(`/statement-batches/${b.id}/file`, b.fileName ?? `statements-${b.id}`);
