import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  approvalCreatedSchema,
  customer360Schema,
  customerRecordSchema,
  duplicateRefusalSchema,
} from '@bankmanager/contracts';
import { apiErrors } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser } from '../auth/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';

/** `:custId` as the screens show it (zero-padded) or plain; int4 range so it never overflows. */
export const custParam = z.object({ custId: z.coerce.number().int().positive().max(2_147_483_647) });

/** 409 is either a duplicate refusal (contracts) or a plain `{ error, details }`. */
export const customerErrors = { ...apiErrors, 409: z.union([duplicateRefusalSchema, apiErrorSchema]) };
/**
 * The 360 view as OpenAPI shows it: `details` is the stored record of the customer's kind. At run
 * time it is served as stored (an older record keeps answering even if a rule has since tightened).
 */
export const customer360ForDocs = customer360Schema.extend({ details: customerRecordSchema });

export const approvalAnswer = { 202: approvalCreatedSchema, ...customerErrors };

export const actorOf = (req: FastifyRequest): ApprovalActor => {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
};
