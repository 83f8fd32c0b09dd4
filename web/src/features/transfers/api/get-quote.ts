import { useQuery } from '@tanstack/react-query';
import { transferQuoteSchema, type TransferQuote } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/transfers/quote — both accounts as the server sees them and the day's rate that applies. */
export function getQuote(from: string, to: string, signal?: AbortSignal): Promise<TransferQuote> {
  const q = new URLSearchParams({ from, to });
  return api.get(`/transfers/quote?${q}`, { schema: transferQuoteSchema, signal });
}

/** Asked only once both numbers pass their check digits (no lookup for a typo). */
export function useQuote(from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['transfer-quote', from, to],
    queryFn: ({ signal }) => getQuote(from!, to!, signal),
    enabled: !!from && !!to && from !== to,
    retry: false,
  });
}
