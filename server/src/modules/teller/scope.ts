import type { FastifyRequest } from 'fastify';
import { holds } from '@bankmanager/contracts';
import { assertBranch, currentUser } from '../auth/index.ts';

/**
 * The branch a list or report may show: the one asked for within the caller's scope (another is 403,
 * as acting there would be), else their home branch; `undefined` (every branch) only for holders of
 * `branches.all` who ask for none.
 */
export function scopedBranch(req: FastifyRequest, asked: string | undefined): string | undefined {
  const u = currentUser(req);
  if (asked !== undefined) {
    assertBranch(req, asked);
    return asked;
  }
  return holds(u, 'branches.all') ? undefined : (u.homeBranch ?? '(none)');
}
