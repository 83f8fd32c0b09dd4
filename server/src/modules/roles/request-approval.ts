import { APPROVAL_POLICIES, type ApprovalType } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { approvalRequests } from '../../db/schema/roles.ts';
import { writeAudit } from '../audit/index.ts';
import type { ApprovalActor } from './approval-registry.ts';

export interface ApprovalRequestInput {
  type: ApprovalType;
  subjectType: string;
  subjectId: string;
  command: unknown;
  before?: unknown;
  after?: unknown;
  maker: ApprovalActor;
  branch?: string | null;
  amount?: string | null;
  currency?: string | null;
  subjectVersion?: string | null;
}

/**
 * The business date a request belongs to, and the end of it. Until the general ledger's bank-wide
 * business date exists, it is the calendar day in Freetown (UTC, no daylight saving).
 */
export function businessDay(now = new Date()): { businessDate: string; endsAt: Date } {
  const businessDate = now.toISOString().slice(0, 10);
  const endsAt = new Date(`${businessDate}T00:00:00.000Z`);
  endsAt.setUTCDate(endsAt.getUTCDate() + 1);
  return { businessDate, endsAt };
}

/** Stores the maker's request and its audit row (in the caller's transaction). Nothing else changes. */
export async function requestApproval(tx: Database, input: ApprovalRequestInput): Promise<string> {
  const policy = APPROVAL_POLICIES[input.type];
  const { businessDate, endsAt } = businessDay();
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
      branch: input.branch ?? null,
      amount: input.amount ?? null,
      currency: input.currency ?? null,
      subjectVersion: input.subjectVersion ?? null,
      businessDate,
      // The only expiry policy so far; another would compute its own end here.
      expiresAt: policy.expires === 'end_of_business_day' ? endsAt : endsAt,
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
