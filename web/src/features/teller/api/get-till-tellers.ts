import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tillTellerSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/teller/tills/tellers: the branch's tellers a till may be assigned to. */
export const getTillTellers = (branch: string | null, signal?: AbortSignal) =>
  api.get(`/teller/tills/tellers${branch ? `?branch=${encodeURIComponent(branch)}` : ''}`, {
    schema: z.array(tillTellerSchema),
    signal,
  });

export const tillTellersQueryOptions = (branch: string | null) =>
  queryOptions({
    queryKey: tellerKeys.tillTellers(branch),
    queryFn: ({ signal }) => getTillTellers(branch, signal),
  });

export const useTillTellers = (branch: string | null) => useQuery(tillTellersQueryOptions(branch));
