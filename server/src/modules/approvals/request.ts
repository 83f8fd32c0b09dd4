import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalType } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { approvalRequests } from '../../db/schema/roles.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { writeAudit } from '../audit/index.ts';
import type { ApprovalActor } from './registry.ts';

export interface ApprovalRequestInput {
  type: ApprovalType;
  subjectType: string;
  subjectId: string;
  command: unknown;
  before?: unknown;
  after?: unknown;
  maker: ApprovalActor;
  /**
   * The branch whose checkers decide the request: the subject's (the account's, the till's, the
   * customer's, the batch's). Null for a bank-wide request, which only `branches.all` decides. Stated
   * by every caller, so no request type forgets it.
   */
  branch: string | null;
  amount?: string | null;
  currency?: string | null;
  subjectVersion?: string | null;
  /** The maker's client reference: with it, the same request made twice is stored once. */
  reference?: string | null;
}

/**
 * Stores the maker's request and its audit row (in the caller's transaction). Nothing else changes.
 * The request belongs to the bank's business date and stays pending until end of day closes that date
 * (`expiry.ts`); its `expires_at` is written when it is found expired.
 */
export async function requestApproval(tx: Database, input: ApprovalRequestInput): Promise<string> {
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      type: input.type,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      command: input.command ?? {},
      before: input.before ?? null,
      after: input.after ?? null,
      makerId: input.maker.id,
      makerEmail: input.maker.email,
      branch: input.branch,
      amount: input.amount ?? null,
      currency: input.currency ?? null,
      subjectVersion: input.subjectVersion ?? null,
      reference: input.reference ?? null,
      businessDate: sql`current_business_date()`,
    })
    .returning({ id: approvalRequests.id });
  const id = row!.id;
  await writeAudit(tx, {
    action: 'approval.request',
    outcome: 'success',
    actorId: input.maker.id,
    actorEmail: input.maker.email,
    ip: input.maker.ip,
    targetType: 'approval',
    targetId: id,
    details: {
      type: input.type,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      amount: input.amount ?? null,
    },
  });
  return id;
}

/** The id of the request of `type` made with `reference`, as a scalar subquery a route can fold in. */
export const approvalIdByReferenceSql = (type: ApprovalType, reference: string): SQL =>
  sql`(select id::text from approval_requests where type = ${type} and reference = ${reference})`;

/** The request of this type made with this client reference, if any (any status). */
export async function approvalByReference(
  db: Database,
  type: ApprovalType,
  reference: string,
): Promise<{ id: string; status: string; subjectId: string } | null> {
  const [row] = await db
    .select({
      id: approvalRequests.id,
      status: approvalRequests.status,
      subjectId: approvalRequests.subjectId,
    })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.type, type), eq(approvalRequests.reference, reference)));
  return row ?? null;
}

/**
 * `requestApproval` made idempotent by the maker's reference, for payments a client may retry: the same
 * request sent again — after a timeout, a double click, or by two copies racing — answers with the
 * first request and stores nothing. `prepare` runs in the same transaction before the request is stored
 * (e.g. a lock and a check) and may throw to refuse.
 */
export async function requestApprovalOnce(
  db: Database,
  input: ApprovalRequestInput & { reference: string },
  prepare?: (tx: Database) => Promise<void>,
): Promise<{ approvalId: string; replayed: boolean }> {
  for (let round = 0; round < 3; round++) {
    const existing = await approvalByReference(db, input.type, input.reference);
    if (existing) return { approvalId: existing.id, replayed: true };
    try {
      const approvalId = await db.transaction(async (tx) => {
        await prepare?.(tx);
        return requestApproval(tx, input);
      });
      return { approvalId, replayed: false };
    } catch (err) {
      if (violatedConstraint(err) !== 'approval_requests_reference_unique') throw err;
    }
  }
  throw new Error(`approval reference ${input.reference} kept colliding without a request to return`);
}
