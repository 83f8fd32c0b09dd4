import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalCreatedSchema, roleSchema, type StaffRolesInput } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** The roles to choose from (GET /api/roles; the roles feature has its own copy of this call). */
export function useAssignableRoles(enabled: boolean) {
  return useQuery({
    queryKey: ['roles'],
    queryFn: ({ signal }) => api.get('/roles', { schema: z.array(roleSchema), signal }),
    enabled,
    retry: false,
  });
}

/** PUT /api/admin/staff/:id/roles — a four-eyes request (202 `{ approvalId }`). */
export function useSetStaffRoles() {
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: StaffRolesInput }) =>
      api.put(`/admin/staff/${userId}/roles`, { body: input, schema: approvalCreatedSchema }),
  });
}
