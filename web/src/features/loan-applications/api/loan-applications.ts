import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanProductSchema,
  loanApplicationAnswerSchema,
  loanApplicationSchema,
  loanAppraisalFactsSchema,
  type LoanApplicationBody,
  type LoanApplicationListQuery,
  type LoanAppraise,
  type LoanDisburse,
  loanDisburseAnswerSchema,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const LOAN_APPLICATIONS_PAGE_SIZE = 25;

export type ListFilters = Pick<LoanApplicationListQuery, 'status' | 'branch' | 'product' | 'officer'>;
export interface ListParams extends ListFilters {
  /** 0-based. */
  page: number;
  sort: LoanApplicationListQuery['sort'];
  order: LoanApplicationListQuery['order'];
}

const KEY = 'loan-applications';

/** GET /api/loan-applications — one page, filtered and sorted by the server, the total in X-Total-Count. */
export function useLoanApplications(p: ListParams) {
  return useQuery({
    queryKey: [KEY, 'list', p],
    queryFn: ({ signal }) =>
      getPage('/loan-applications', loanApplicationSchema, {
        page: p.page,
        pageSize: LOAN_APPLICATIONS_PAGE_SIZE,
        params: {
          sort: p.sort,
          order: p.order,
          status: p.status,
          branch: p.branch,
          product: p.product,
          officer: p.officer,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/loan-applications/:id with its guarantors, collateral and history. */
export const useLoanApplication = (id: number) =>
  useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: ({ signal }) => api.get(`/loan-applications/${id}`, { schema: loanApplicationSchema, signal }),
    retry: false,
  });

/** GET /api/loan-applications/:id/appraisal — worked out now (schedule, DSR, exposure, flags). */
export const useAppraisalFacts = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [KEY, 'appraisal', id],
    queryFn: ({ signal }) =>
      api.get(`/loan-applications/${id}/appraisal`, { schema: loanAppraisalFactsSchema, signal }),
    enabled,
    retry: false,
  });

/** Every write answers the application as it now is; lists, the one and the inbox are read again. */
function useWrite<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [KEY] });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}

const answer = { schema: loanApplicationAnswerSchema };

export const useSaveApplication = (id: number | null) =>
  useWrite((body: LoanApplicationBody) =>
    id === null
      ? api.post('/loan-applications', { body, ...answer })
      : api.put(`/loan-applications/${id}`, { body, ...answer }),
  );

export const useSubmitApplication = () =>
  useWrite((id: number) => api.post(`/loan-applications/${id}/submit`, answer));

export const useAppraise = () =>
  useWrite(({ id, body }: { id: number; body: LoanAppraise }) =>
    api.post(`/loan-applications/${id}/appraise`, { body, ...answer }),
  );

export const useEndApplication = () =>
  useWrite(({ id, action, reason }: { id: number; action: 'reject' | 'withdraw'; reason: string }) =>
    api.post(`/loan-applications/${id}/${action}`, { body: { reason }, ...answer }),
  );

/** POST /api/loan-applications/:id/disburse — the four-eyes request; the checker pays out in the inbox. */
export const useDisburse = () =>
  useWrite(({ id, body }: { id: number; body: LoanDisburse }) =>
    api.post(`/loan-applications/${id}/disburse`, { body, schema: loanDisburseAnswerSchema }),
  );

/** The active loan products to choose from (the product's ranges guide the officer). */
export const useActiveLoanProducts = () =>
  useQuery({
    queryKey: ['loan-products', 'active'],
    queryFn: ({ signal }) =>
      getPage('/loan-products', loanProductSchema, {
        page: 0,
        pageSize: 100,
        params: { status: 'active' },
        signal,
      }),
    retry: false,
    staleTime: 60_000,
  });
