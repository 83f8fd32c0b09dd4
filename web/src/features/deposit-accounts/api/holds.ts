import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdSchema, type HoldCreate } from '@bankmanager/contracts';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccounts } from './invalidate';

const holdsPath = (number: string) => `/accounts/${encodeURIComponent(number)}/holds`;

/** POST /api/accounts/:number/holds → 201 with the hold. */
export function placeHold({ number, ...body }: HoldCreate & { number: string }) {
  return apiRequest(holdsPath(number), { method: 'POST', body, schema: holdSchema });
}

/** DELETE /api/accounts/:number/holds/:id → 200. */
export function releaseHold({ number, id }: { number: string; id: string }) {
  return apiRequest(`${holdsPath(number)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function usePlaceHold() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: placeHold, onSuccess: () => void invalidateAccounts(qc) });
}

export function useReleaseHold() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseHold, onSuccess: () => void invalidateAccounts(qc) });
}
