import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  standingOrderSchema,
  type StandingOrder,
  type StandingOrderAmend,
  type StandingOrderInput,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/standing-orders — registers (201; the same reference again answers the first order). */
export const createOrder = (body: StandingOrderInput): Promise<StandingOrder> =>
  api.post('/standing-orders', { body, schema: standingOrderSchema });

/** PUT /api/standing-orders/:id — amends, with the version read (409 stale_version otherwise). */
export const amendOrder = (id: string, body: StandingOrderAmend): Promise<StandingOrder> =>
  api.put(`/standing-orders/${encodeURIComponent(id)}`, { body, schema: standingOrderSchema });

/** POST /api/standing-orders/:id/cancel — with a reason. */
export const cancelOrder = (id: string, body: { reason: string; version: number }): Promise<StandingOrder> =>
  api.post(`/standing-orders/${encodeURIComponent(id)}/cancel`, { body, schema: standingOrderSchema });

/** Any change refetches the list. */
export function useOrderChange<A>(fn: (a: A) => Promise<StandingOrder>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['standing-orders'] }),
  });
}
