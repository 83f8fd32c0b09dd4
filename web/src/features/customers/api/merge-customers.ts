import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { customerMergeSchema } from '@bankmanager/contracts';
import { postForApproval } from './four-eyes';

export type CustomerMerge = z.infer<typeof customerMergeSchema>;

/** POST /api/customers/merge — 202: four-eyes. */
export const mergeCustomers = (body: CustomerMerge) => postForApproval('/customers/merge', body);

export const useMergeCustomers = () => useMutation({ mutationFn: mergeCustomers });
