import { useQuery } from '@tanstack/react-query';
import { postingLegsSchema, type PostingLegs } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/accounts/:number/transactions/:id/legs — the posting's journal entry and its other lines. */
export function getPostingLegs(number: string, id: string, signal?: AbortSignal): Promise<PostingLegs> {
  return api.get(`/accounts/${encodeURIComponent(number)}/transactions/${encodeURIComponent(id)}/legs`, {
    schema: postingLegsSchema,
    signal,
  });
}

/** Fetched only when the user asks to see where the money came from or went to. */
export function usePostingLegs(number: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['posting-legs', number, id],
    queryFn: ({ signal }) => getPostingLegs(number, id, signal),
    enabled,
    staleTime: Infinity, // entries are append-only: a posting's legs never change
    retry: false,
  });
}
