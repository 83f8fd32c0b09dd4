import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactLogEntrySchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export type ContactEntry = z.infer<typeof contactLogEntrySchema>;

/** POST /api/customers/:custId/contacts — the server records who logged it. */
export function addContact({ id, entry }: { id: number; entry: ContactEntry }): Promise<unknown> {
  return api.post(`/customers/${id}/contacts`, { body: entry });
}

export function useAddContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-contacts', v.id] }),
  });
}
