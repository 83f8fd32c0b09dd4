import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_ACTIONS,
  accountNumberSchema,
  approvalCreatedSchema,
  holds,
  type AccountAction,
  type Permission,
} from '@bankmanager/contracts';
import { apiErrors } from '../../lib/route-schemas.ts';
import { assertBranch, currentUser } from '../auth/index.ts';

/** `:number`, check digits validated before any lookup (400 with the contracts' message). */
export const numberParam = z.object({ number: accountNumberSchema });
export const holdParam = z.object({ number: accountNumberSchema, id: z.string().regex(/^\d{1,18}$/) });

export const errors = apiErrors;
export const approvalAnswer = { 202: approvalCreatedSchema, ...apiErrors };

/**
 * Who may ASK for an action. A direct action needs the table's permission; a four-eyes one is asked
 * by whoever keeps accounts (accounts.block lifts a block, accounts.open closes and reactivates) and
 * decided by a checker holding the table's permission (accounts.approve).
 */
export const makerPermission = (action: AccountAction): Permission => {
  const rule = ACCOUNT_ACTIONS[action];
  if (!rule.fourEyes) return rule.permission;
  return action === 'unblock' ? 'accounts.block' : 'accounts.open';
};

export const mayAsk = (req: FastifyRequest, action: AccountAction): boolean =>
  holds(currentUser(req), makerPermission(action));

/** The branch scope check as a callback for the services (they load the account inside their transaction). */
export const scopeOf = (req: FastifyRequest) => (branch: string) => assertBranch(req, branch);
