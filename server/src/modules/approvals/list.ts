import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_APPROVAL_TYPES,
  APPROVAL_POLICIES,
  APPROVAL_TYPES,
  approvalInBranchScope,
  holds,
  type Approval,
  type ApprovalListItem,
  type ApprovalListQuery,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { approvalRequests } from '../../db/schema/roles.ts';
import { mayDecide, promotedBySql, type Checker } from './decide.ts';
import { nameSubjects } from './subject-names.ts';
import type { Approvals } from './registry.ts';

type Row = typeof approvalRequests.$inferSelect;
const a = approvalRequests;

export const toApproval = (r: Row): Approval => ({
  ...r,
  type: r.type as Approval['type'],
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * The requests in the checker's branch scope, as SQL (see approvalInBranchScope): all with
 * `branches.all`; otherwise those of their home branch, bank-wide types excepted.
 */
function inBranchScope(who: Checker): SQL | undefined {
  if (holds(who, 'branches.all')) return undefined;
  if (who.homeBranch === null) return sql`false`;
  const branchTypes = APPROVAL_TYPES.filter((t) => !APPROVAL_POLICIES[t].bankWide);
  return and(eq(a.branch, who.homeBranch), inArray(a.type, branchTypes));
}

/**
 * The requests this checker may decide: types they may approve, in their branch scope, amounts within
 * their limit, not theirs, not a change of their own access, not made by someone they recently promoted.
 */
async function decidable(db: Database, approvals: Approvals, who: Checker): Promise<SQL> {
  const types = APPROVAL_TYPES.filter((t) => {
    const policy = APPROVAL_POLICIES[t];
    return holds(who, policy.approvePermission) && (policy.checker !== 'superuser' || who.isSuperuser);
  });
  if (types.length === 0) return sql`false`;
  const limits = await approvals.limits.limitsOf(db, who.id);
  const withinAmount = or(
    isNull(a.amount),
    ...limits
      .filter((l) => l.maxApproval !== null)
      .map((l) => and(eq(a.currency, l.currency), sql`${a.amount} <= ${l.maxApproval}::numeric`)),
  )!;
  const accessTypes = sql.join(
    ACCESS_APPROVAL_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  return and(
    eq(a.status, 'pending'),
    inArray(a.type, types),
    inBranchScope(who),
    ne(a.makerId, who.id),
    withinAmount,
    sql`not (${a.type} in (${accessTypes}) and ${a.subjectId} = ${who.id})`,
    sql`not ${promotedBySql(who.id, sql`${a.makerId}`, who.coolingOffDays)}`,
  )!;
}

/** One page of requests, filtered in the database; the inbox reads oldest first. */
export async function listApprovals(
  db: Database,
  approvals: Approvals,
  who: Checker & { mayReadAll: boolean },
  q: ApprovalListQuery,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: ApprovalListItem[] }> {
  // Reading all requests (audit.read) stays within the reader's branch scope; their own always show.
  const scope =
    q.scope === 'decide'
      ? await decidable(db, approvals, who)
      : q.scope === 'mine' || !who.mayReadAll
        ? eq(a.makerId, who.id)
        : (or(eq(a.makerId, who.id), inBranchScope(who) ?? sql`true`) as SQL);
  const where = and(
    scope,
    q.status ? eq(a.status, q.status) : undefined,
    q.type ? eq(a.type, q.type) : undefined,
    q.id ? eq(a.id, q.id) : undefined,
    // A branch chosen in the header narrows the branch requests; bank-wide ones (no branch: products,
    // end of day, roles) belong to every branch, so a checker who may decide them always sees them.
    q.branch ? or(eq(a.branch, q.branch), isNull(a.branch)) : undefined,
    q.minAmount ? gte(a.amount, q.minAmount) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(a).where(where);
  const order = q.scope === 'decide' ? [asc(a.createdAt), asc(a.id)] : [desc(a.createdAt), desc(a.id)];
  const rows = await db
    .select()
    .from(a)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const names = await nameSubjects(
    db,
    approvals,
    rows.map((r) => r.id),
  );
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => ({ ...toApproval(r), subjectName: names.get(r.id) ?? r.subjectId })),
  };
}

/**
 * Whether GET /api/approvals shows this request to this member of staff in some scope: its maker
 * (`mine`), anyone with audit.read within their branch scope (all), or a checker who may decide it
 * (`decide`: type, branch, limit, not theirs). Realtime delivers a request's changes by the same
 * rule. Activation comes first.
 */
export async function mayReadApproval(
  db: Database,
  approvals: Approvals,
  who: {
    userId: string;
    isActivated: boolean;
    isSuperuser: boolean;
    permissions: readonly string[];
    homeBranch: string | null;
    coolingOffDays: number;
  },
  row: Pick<Row, 'makerId' | 'type' | 'branch' | 'amount' | 'currency'> & { subjectId?: string },
): Promise<boolean> {
  if (!who.isActivated && !who.isSuperuser) return false;
  if (row.makerId === who.userId) return true;
  if (holds(who, 'audit.read') && approvalInBranchScope(who, row)) return true;
  return (await mayDecide(db, approvals, { ...who, id: who.userId }, row)) === undefined;
}
