import { useQuery } from '@tanstack/react-query';
import { staffListItemSchema, type StaffListItem } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/admin/staff/:id — one user (the Review dialog). */
export function getStaffMember(id: string, signal?: AbortSignal): Promise<StaffListItem> {
  return api.get(`/admin/staff/${encodeURIComponent(id)}`, { schema: staffListItemSchema, signal });
}

export function useStaffMember(id: string | null) {
  return useQuery({
    queryKey: ['admin-staff-member', id],
    queryFn: ({ signal }) => getStaffMember(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}
