import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalCreatedSchema, roleSchema, type Role, type RoleInput } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/roles — every role with its permissions, limits and holders. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return api.get('/roles', { schema: z.array(roleSchema), signal });
}

export function useRoles() {
  return useQuery({ queryKey: ['roles'], queryFn: ({ signal }) => getRoles(signal), retry: false });
}

/**
 * POST /api/roles or PUT /api/roles/:id: a four-eyes request (202 `{ approvalId }`); the role
 * changes only when another person approves it.
 */
export function saveRole(input: RoleInput, role?: Role): Promise<{ approvalId: string }> {
  return role
    ? api.put(`/roles/${role.id}`, {
        body: { ...input, version: role.version },
        schema: approvalCreatedSchema,
      })
    : api.post('/roles', { body: input, schema: approvalCreatedSchema });
}

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, role }: { input: RoleInput; role?: Role }) => saveRole(input, role),
    onSettled: () => client.invalidateQueries({ queryKey: ['roles'] }),
  });
}
