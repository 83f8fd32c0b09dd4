import { sql } from 'drizzle-orm';
import {
  LOAN_APPLICATION_TEXT as T,
  LOAN_APPLICATION_TRANSITIONS,
  type LoanApplicationAction,
  type LoanApplicationStatus,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';

const DONE: Record<LoanApplicationAction, string> = {
  create: 'created',
  edit: 'edited',
  submit: 'submitted',
  appraise: 'appraised',
  approve: 'approved',
  reject: 'rejected',
  withdraw: 'withdrawn',
  disburse: 'disbursed',
};

export interface Actor {
  id: string;
  email: string;
  ip: string | null;
}

export interface Locked extends Record<string, unknown> {
  id: number;
  status: LoanApplicationStatus;
  branch: string;
  officer_id: string;
  version: number;
  pending: string | null;
}

/**
 * Locks the application and checks the lifecycle table allows `action` from its state (409 naming
 * the state otherwise). The pending-request check is the caller's: some actions need none pending.
 */
export async function lockFor(tx: Database, id: number, action: LoanApplicationAction): Promise<Locked> {
  const [a] = await queryRows<Locked>(
    tx,
    sql`select a.id, a.status, a.branch_code as branch, a.officer_id::text as officer_id, a.version,
          (select q.id::text from approval_requests q
            where q.subject_type = 'loan_application' and q.subject_id = a.id::text and q.status = 'pending'
              and q.business_date >= current_business_date() limit 1) as pending
        from loan_applications a where a.id = ${id} for update of a`,
  );
  if (!a) throw notFound(T.notFound);
  const rule = LOAN_APPLICATION_TRANSITIONS[action];
  if (!rule.from.includes(a.status))
    throw conflict(T.wrongState(a.status, DONE[action]), {
      code: 'wrong_state',
      status: a.status,
      action,
    });
  return a;
}

/**
 * Moves an application along the lifecycle table in the caller's transaction: the new state and
 * version, a history row and the audit row. `to` defaults to the table's target.
 */
export async function record(
  tx: Database,
  a: Pick<Locked, 'id' | 'status'>,
  action: LoanApplicationAction | 'committee_vote' | 'approval_withdrawn',
  who: Actor,
  extra: {
    to?: LoanApplicationStatus;
    reason?: string | null;
    approvalId?: string | null;
    details?: object;
  } = {},
): Promise<void> {
  const to =
    extra.to ??
    (action in LOAN_APPLICATION_TRANSITIONS
      ? LOAN_APPLICATION_TRANSITIONS[action as LoanApplicationAction].to
      : a.status);
  await tx.execute(sql`update loan_applications set status = ${to}, version = version + 1, updated_at = now()
                       where id = ${a.id}`);
  await tx.execute(sql`insert into loan_application_events (application_id, action, from_status, to_status, actor_id, actor_email, reason, approval_id)
    values (${a.id}, ${action}, ${action === 'create' ? null : a.status}, ${to}, ${who.id}::uuid, ${who.email},
            ${extra.reason ?? null}, ${extra.approvalId ?? null}::uuid)`);
  await writeAudit(tx, {
    action: `loan_application.${action}`,
    outcome: 'success',
    actorId: who.id,
    actorEmail: who.email,
    ip: who.ip,
    targetType: 'loan_application',
    targetId: String(a.id),
    details: {
      from: action === 'create' ? null : a.status,
      to,
      reason: extra.reason ?? null,
      ...extra.details,
    },
  });
}
