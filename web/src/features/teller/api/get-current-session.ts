import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSessionSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/teller/sessions/current: the caller's till session that is not closed, or null. */
export const getCurrentSession = (signal?: AbortSignal) =>
  api.get('/teller/sessions/current', { schema: currentSessionSchema, signal });

export const currentSessionQueryOptions = () =>
  queryOptions({ queryKey: tellerKeys.current(), queryFn: ({ signal }) => getCurrentSession(signal) });

export const useCurrentSession = () => useQuery({ ...currentSessionQueryOptions(), retry: false });
