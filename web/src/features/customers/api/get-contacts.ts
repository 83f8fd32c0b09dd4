import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactLogEntrySchema, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const CONTACTS_PAGE_SIZE = 10;

/** A logged contact as the server returns it: the entry plus who logged it. */
export const contactRowSchema = contactLogEntrySchema.extend({
  id: z.union([z.string(), z.number()]).optional(),
  by: z.string().optional(),
  byEmail: z.string().optional(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;

/** GET /api/customers/:custId/contacts — newest first, paged. */
export function getContacts(id: number, page: number, signal?: AbortSignal): Promise<Page<ContactRow>> {
  return getPage(`/customers/${id}/contacts`, contactRowSchema, {
    page,
    pageSize: CONTACTS_PAGE_SIZE,
    signal,
  });
}

export function useContacts(id: number, page: number) {
  return useQuery({
    queryKey: ['customer-contacts', id, page],
    queryFn: ({ signal }) => getContacts(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
