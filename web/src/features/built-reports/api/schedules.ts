import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  reportRoleSchema,
  reportScheduleSchema,
  type ReportScheduleCreate,
} from '@bankmanager/contracts/built-reports';
import { api, apiRequest } from '@/lib/api-client';

const key = ['built-reports', 'schedules'] as const;

export const useSchedules = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get('/built-reports/schedules', { schema: z.array(reportScheduleSchema), signal }),
  });

export const useScheduleRoles = () =>
  useQuery({
    queryKey: ['built-reports', 'roles'],
    queryFn: ({ signal }) => api.get('/built-reports/roles', { schema: z.array(reportRoleSchema), signal }),
  });

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleCreate) =>
      api.post('/built-reports/schedules', { body, schema: reportScheduleSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useStopSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/built-reports/schedules/${id}`, { method: 'DELETE', schema: reportScheduleSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
