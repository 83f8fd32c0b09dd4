import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tillSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/teller/tills/mine: the active tills of the branch the caller may open (free or theirs). */
export const getMyTills = (branch: string | null, signal?: AbortSignal) =>
  api.get(`/teller/tills/mine${branch ? `?branch=${encodeURIComponent(branch)}` : ''}`, {
    schema: z.array(tillSchema),
    signal,
  });

export const myTillsQueryOptions = (branch: string | null) =>
  queryOptions({ queryKey: tellerKeys.myTills(branch), queryFn: ({ signal }) => getMyTills(branch, signal) });

export const useMyTills = (branch: string | null) => useQuery(myTillsQueryOptions(branch));
