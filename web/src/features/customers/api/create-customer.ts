import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CustomerCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

const createdSchema = z.object({ id: z.number().int(), version: z.number().int(), status: z.string() });
export type CreatedCustomer = z.infer<typeof createdSchema>;

export interface CreateCustomerInput {
  body: CustomerCreate;
  /** Resends after the user confirmed a possible-duplicate warning. */
  confirmDuplicates?: boolean;
}

/** POST /api/customers — 201 {id}; 409 names duplicates; 400 details per field. */
export function createCustomer({ body, confirmDuplicates }: CreateCustomerInput): Promise<CreatedCustomer> {
  return api.post('/customers', {
    body: confirmDuplicates ? { ...body, confirmDuplicates: true } : body,
    schema: createdSchema,
  });
}

export function useCreateCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['customers'] }),
  });
}
