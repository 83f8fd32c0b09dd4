import { z } from 'zod';
import { pageQuerySchema } from '../paging.ts';
import { tillCodeSchema } from './sessions-api.ts';

/**
 * The branch's till register (Transaction → Teller → Teller Administration): each till's code, name,
 * the teller it is assigned to (none: any teller of the branch), and whether it is in use. A teller
 * opens a session only on an active till of their branch that is free or theirs.
 */

const branchCode = z.string().regex(/^\d{3}$/, 'A branch code has 3 digits');
const tillName = z.string().trim().min(1, 'Enter the till’s name').max(60, 'At most 60 characters');
/** A staff user's id; null: the till is for any teller of the branch. */
const assignedTellerId = z.uuid('Choose a teller').nullable();

export const tillSchema = z.object({
  id: z.string(),
  branch: z.string(),
  code: z.string(),
  name: z.string(),
  assignedTellerId: z.string().nullable(),
  /** The assigned teller's name (their e-mail when no name is on file). */
  assignedTellerName: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Till = z.infer<typeof tillSchema>;

/** GET /api/teller/tills: the branch's register, by code; `q` searches code and name. */
export const tillQuerySchema = pageQuerySchema.extend({
  branch: branchCode.optional(),
  q: z.string().trim().max(60).optional(),
  active: z.enum(['true', 'false']).optional(),
});

/** GET /api/teller/tills/mine and /tellers: a branch's (default: the caller's own). */
export const tillBranchQuerySchema = z.object({ branch: branchCode.optional() });

/** POST /api/teller/tills → 201. The branch defaults to the caller's own. */
export const tillCreateSchema = z.object({
  branch: branchCode.optional(),
  code: tillCodeSchema,
  name: tillName,
  assignedTellerId: assignedTellerId.default(null),
});
export type TillCreate = z.input<typeof tillCreateSchema>;

/** PUT /api/teller/tills/:id: its name, teller and whether it is in use (the code stays). */
export const tillUpdateSchema = z.object({
  name: tillName,
  assignedTellerId,
  active: z.boolean(),
});
export type TillUpdate = z.input<typeof tillUpdateSchema>;

/** A teller of the branch, to assign a till to. */
export const tillTellerSchema = z.object({ id: z.string(), name: z.string() });
export type TillTeller = z.infer<typeof tillTellerSchema>;
