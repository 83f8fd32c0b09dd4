import { useQuery } from '@tanstack/react-query';
import { incomeStatementSchema, type IncomeStatement } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/gl/income-statement?from=&to= — income and expenses for the business dates. */
export function getIncomeStatement(from: string, to: string, signal?: AbortSignal): Promise<IncomeStatement> {
  const q = new URLSearchParams({ to });
  if (from) q.set('from', from);
  return api.get(`/gl/income-statement?${q}`, { schema: incomeStatementSchema, signal });
}

export function useIncomeStatement(from: string, to: string) {
  return useQuery({
    queryKey: ['gl-income-statement', from, to],
    queryFn: ({ signal }) => getIncomeStatement(from, to, signal),
    enabled: to !== '',
    retry: false,
  });
}
