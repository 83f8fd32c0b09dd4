import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { customerBranchMoveSchema } from '@bankmanager/contracts';
import { postForApproval } from './four-eyes';

export type BranchMove = z.infer<typeof customerBranchMoveSchema>;

/** POST /api/customers/:custId/branch — 202: four-eyes. */
export const moveBranch = ({ id, body }: { id: number; body: BranchMove }) =>
  postForApproval(`/customers/${id}/branch`, body);

export const useMoveBranch = () => useMutation({ mutationFn: moveBranch });
