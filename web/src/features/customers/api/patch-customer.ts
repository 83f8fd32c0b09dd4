import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customer360Schema, type Customer360 } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export interface PatchCustomerInput {
  id: number;
  version: number;
  changes: Record<string, unknown>;
  confirmDuplicates?: boolean;
}

/** 200: saved (the new 360); 202: KYC fields changed, waiting for a checker. */
export type PatchResult = { saved: Customer360 } | { approvalId: string };

/** PATCH /api/customers/:custId — optimistic version; 409 when someone else saved first. */
export async function patchCustomer({ id, ...body }: PatchCustomerInput): Promise<PatchResult> {
  const res = await api.patch<unknown>(`/customers/${id}`, { body });
  const r = res as { approvalId?: unknown };
  if (typeof r?.approvalId === 'string') return { approvalId: r.approvalId };
  return { saved: customer360Schema.parse(res) };
}

export function usePatchCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: patchCustomer,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-360', v.id] }),
  });
}
