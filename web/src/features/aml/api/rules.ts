import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  amlRuleSchema,
  approvalCreatedSchema,
  type AmlRuleChange,
  type AmlScenario,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/aml/rules — seven rows, not paged. */
export function useRules() {
  return useQuery({
    queryKey: ['aml', 'rules'],
    queryFn: ({ signal }) => api.get('/aml/rules', { schema: z.array(amlRuleSchema), signal }),
    retry: false,
  });
}

/** PUT /api/aml/rules/:scenario — a proposed change; a second officer approves it in the inbox. */
export function useProposeRule(scenario: AmlScenario) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AmlRuleChange) =>
      api.put(`/aml/rules/${scenario}`, { body, schema: approvalCreatedSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['aml', 'rules'] }),
  });
}
