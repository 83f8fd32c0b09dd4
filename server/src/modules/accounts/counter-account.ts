import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PERMISSION_TEXT, POSTING_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { HttpError, conflict } from '../../lib/http-error.ts';
import { inBranchScope } from '../auth/index.ts';

/**
 * Why the GL account a posting names as its other side may not be it, as the HTTP error to answer, or
 * null when it may. Only accounts open to account postings (`counter_posting`: suspense and clearing)
 * qualify, so a member of staff with journal.post cannot credit a customer from the vault, a till's
 * cash, share capital or income; a branch's own GL account qualifies only in the caller's branch
 * scope. An unknown code is left to the ledger, which names it. The database refuses the same line
 * (gl_lines_postable), so an approved request that slipped past this still posts nothing.
 */
export async function counterAccountRefusal(
  db: Database,
  req: FastifyRequest,
  code: string,
): Promise<{ reason: string; error: HttpError } | null> {
  const [gl] = await queryRows<{ name: string; counter_posting: boolean; branch_code: string | null }>(
    db,
    sql`select name, counter_posting, branch_code from gl_accounts where code = ${code}`,
  );
  if (!gl) return null;
  if (!gl.counter_posting)
    return {
      reason: 'gl_account_not_postable',
      error: conflict(POSTING_TEXT.counterNotOpen(code, gl.name), {
        code: 'gl_account_not_postable',
        field: 'counter_account',
      }),
    };
  if (gl.branch_code !== null && !inBranchScope(req, gl.branch_code))
    return {
      reason: 'other_branch',
      error: new HttpError(403, PERMISSION_TEXT.otherBranch, { permission: 'branches.all' }),
    };
  return null;
}
