import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffActionResultSchema, type StaffAction, type StaffActionResult } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/admin/staff/:id/:action — 409 with `{ error }` when a guard refuses. */
export function runStaffAction(id: string, action: StaffAction): Promise<StaffActionResult> {
  return api.post(`/admin/staff/${encodeURIComponent(id)}/${action}`, { schema: staffActionResultSchema });
}

export function useStaffAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: StaffAction }) => runStaffAction(id, action),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin-staff'] });
      void qc.invalidateQueries({ queryKey: ['admin-staff-member'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
