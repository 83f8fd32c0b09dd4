import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { glAccountSchema, type GlAccount } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/gl/accounts — the chart of accounts with current balances (classes and groups roll up). */
export function getGlAccounts(signal?: AbortSignal): Promise<GlAccount[]> {
  return api.get('/gl/accounts', { schema: z.array(glAccountSchema), signal });
}

export function useGlAccounts() {
  return useQuery({ queryKey: ['gl-accounts'], queryFn: ({ signal }) => getGlAccounts(signal) });
}
