import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  standingOrderOptionsSchema,
  standingOrderRunResultSchema,
  type StandingOrderOptions,
  type StandingOrderOptionsInput,
  type StandingOrderRunResult,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/standing-orders/options — the run rules. */
export const getOptions = (signal?: AbortSignal): Promise<StandingOrderOptions> =>
  api.get('/standing-orders/options', { schema: standingOrderOptionsSchema, signal });

export const useOptions = () =>
  useQuery({
    queryKey: ['standing-orders', 'options'],
    queryFn: ({ signal }) => getOptions(signal),
    retry: false,
  });

/** PUT /api/standing-orders/options — with the version read. */
export function useSaveOptions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StandingOrderOptionsInput) =>
      api.put('/standing-orders/options', { body, schema: standingOrderOptionsSchema }),
    onSuccess: (o) => qc.setQueryData(['standing-orders', 'options'], o),
  });
}

/** POST /api/standing-orders/run — every order due on or before the business date, once. */
export function useRunNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<StandingOrderRunResult> =>
      api.post('/standing-orders/run', { schema: standingOrderRunResultSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['standing-orders'] }),
  });
}
