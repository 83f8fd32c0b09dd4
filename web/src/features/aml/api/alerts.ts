import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  amlAlertSchema,
  amlCaseSchema,
  type AmlAlertQuery,
  type Page,
  type AmlAlert,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const ALERTS_PAGE_SIZE = 20;
export type AlertFilters = Partial<Pick<AmlAlertQuery, 'scenario' | 'state' | 'q' | 'from' | 'to' | 'sort'>>;

export const alertParams = (f: AlertFilters): Record<string, string | undefined> => ({
  scenario: f.scenario,
  state: f.state,
  q: f.q,
  from: f.from,
  to: f.to,
  sort: f.sort,
});

/** GET /api/aml/alerts — filtered, searched, sorted and paged by the server. */
export function getAlerts(page: number, f: AlertFilters, signal?: AbortSignal): Promise<Page<AmlAlert>> {
  return getPage('/aml/alerts', amlAlertSchema, {
    page,
    pageSize: ALERTS_PAGE_SIZE,
    params: alertParams(f),
    signal,
  });
}

export function useAlerts(page: number, f: AlertFilters) {
  return useQuery({
    queryKey: ['aml', 'alerts', page, f],
    queryFn: ({ signal }) => getAlerts(page, f, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/aml/cases — opens the customer's case from an alert (or answers the active one). */
export function useOpenCase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api.post('/aml/cases', { body: { alertId }, schema: amlCaseSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml'] }),
  });
}
