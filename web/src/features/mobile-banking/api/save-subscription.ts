import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registeredUserSchema, type RegisteredUser, type SubscriptionUpdate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** PUT /api/registered-users/:custId/subscription — the server re-validates with the same schema. */
export function saveSubscription(custId: number, body: SubscriptionUpdate): Promise<RegisteredUser> {
  return api.put(`/registered-users/${custId}/subscription`, { body, schema: registeredUserSchema });
}

export function useSaveSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ custId, body }: { custId: number; body: SubscriptionUpdate }) =>
      saveSubscription(custId, body),
    onSuccess: (saved) => {
      // The visible page shows the saved values at once; a refetch then brings the database's truth.
      qc.setQueriesData<{ rows: RegisteredUser[] }>({ queryKey: ['registered-users'] }, (page) =>
        page ? { ...page, rows: page.rows.map((r) => (r.cust_id === saved.cust_id ? saved : r)) } : page,
      );
      void qc.invalidateQueries({ queryKey: ['registered-users'] });
      void qc.invalidateQueries({ queryKey: ['customer', saved.cust_id] });
    },
  });
}
