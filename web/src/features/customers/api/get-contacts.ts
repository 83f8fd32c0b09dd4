import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contactLogRowSchema, type ContactLogRow, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const CONTACTS_PAGE_SIZE = 10;

/** GET /api/customers/:custId/contacts — newest first, paged; each row says who logged it. */
export function getContacts(id: number, page: number, signal?: AbortSignal): Promise<Page<ContactLogRow>> {
  return getPage(`/customers/${id}/contacts`, contactLogRowSchema, {
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
