import { queryOptions, useQuery } from '@tanstack/react-query';
import { vaultBalanceSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/teller/vault?branch=: the vault's balance per currency. */
export const getVault = (branch: string | null, signal?: AbortSignal) =>
  api.get(`/teller/vault${branch ? `?branch=${branch}` : ''}`, { schema: vaultBalanceSchema, signal });

export const vaultQueryOptions = (branch: string | null) =>
  queryOptions({ queryKey: tellerKeys.vault(branch), queryFn: ({ signal }) => getVault(branch, signal) });

export const useVault = (branch: string | null) => useQuery({ ...vaultQueryOptions(branch), retry: false });
