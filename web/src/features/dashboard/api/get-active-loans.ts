import { useQuery } from '@tanstack/react-query';
import { activeLoansCardSchema } from '@bankmanager/contracts/lending/loan-reports';
import { api } from '@/lib/api-client';

/**
 * GET /api/loan-reports/active-loans — the Active Loans card: the caller's own book as the loans'
 * officer, else their branch's (the bank's with every branch). Only for those who may read loans.
 */
export function useActiveLoans(enabled: boolean) {
  return useQuery({
    queryKey: ['loan-reports', 'active-loans'],
    queryFn: ({ signal }) => api.get('/loan-reports/active-loans', { schema: activeLoansCardSchema, signal }),
    enabled,
    retry: false,
  });
}
