import { sql } from 'drizzle-orm';
import {
  APPROVAL_POLICIES,
  EOD_PRECHECK_LABELS,
  EOD_TEXT,
  SUSPENSE_GL,
  type ApprovalType,
  type EodPrecheck,
  type EodPrechecks,
  type EodRunRequest,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { independentReads } from '../../db/independent-reads.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { stillPendingSql } from '../approvals/index.ts';
import { dayFacts } from './calendar.ts';
import type { EodHooks } from './registry.ts';

/** Pending, unexpired approval requests other than end of day's own: they would die with the day. */
async function pendingApprovals(db: Database) {
  const rows = await queryRows<{
    id: string;
    type: string;
    maker_email: string;
    subject_id: string;
    created_at: string;
  }>(
    db,
    sql`select id::text, type, maker_email, subject_id,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
          from approval_requests where ${stillPendingSql()} and type <> 'eod.run'
         order by created_at, id limit 1000`,
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    label: APPROVAL_POLICIES[r.type as ApprovalType]?.label ?? r.type,
    makerEmail: r.maker_email,
    subjectId: r.subject_id,
    createdAt: r.created_at,
  }));
}

async function tillsCheck(db: Database, hooks: Readonly<EodHooks>): Promise<EodPrecheck> {
  const base = { key: 'tills_closed' as const, label: EOD_PRECHECK_LABELS.tills_closed };
  const open = hooks.openTillSessions;
  if (!open) return { ...base, state: 'unavailable', message: EOD_TEXT.noTillsModule, items: [] };
  const sessions = await open(db);
  return sessions.length === 0
    ? { ...base, state: 'pass', message: 'Every till is closed', items: [] }
    : {
        ...base,
        state: 'fail',
        message: EOD_TEXT.tillsOpen(sessions.length),
        items: sessions.map((s) => ({
          session: s.sessionId,
          branch: s.branchCode,
          teller: s.tellerEmail,
          openedAt: s.openedAt,
        })),
      };
}

async function suspenseCheck(db: Database): Promise<EodPrecheck> {
  const rows = await queryRows<{ currency: string; balance: string }>(
    db,
    sql`select currency, sum(case side when 'debit' then amount else -amount end)::text as balance
          from gl_lines where gl_code = ${SUSPENSE_GL} group by currency
        having sum(case side when 'debit' then amount else -amount end) <> 0 order by currency`,
  );
  const base = { key: 'suspense_zero' as const, label: EOD_PRECHECK_LABELS.suspense_zero };
  return rows.length === 0
    ? { ...base, state: 'pass', message: 'Suspense is at zero', items: [] }
    : {
        ...base,
        state: 'acknowledge',
        message: EOD_TEXT.suspenseNotZero,
        items: rows.map((r) => ({ gl: SUSPENSE_GL, currency: r.currency, balance: r.balance })),
      };
}

/** GET /api/eod/prechecks: every check as it stands now. */
export async function runPrechecks(db: Database, hooks: Readonly<EodHooks>): Promise<EodPrechecks> {
  // Also run inside the approval's transaction, just before the run is queued.
  const [facts, pending, tills, suspense] = await independentReads(db, [
    () => dayFacts(db),
    () => pendingApprovals(db),
    () => tillsCheck(db, hooks),
    () => suspenseCheck(db),
  ] as const);
  const approvals: EodPrecheck = {
    key: 'pending_approvals',
    label: EOD_PRECHECK_LABELS.pending_approvals,
    state: pending.length === 0 ? 'pass' : 'acknowledge',
    message: pending.length === 0 ? 'No request is pending' : EOD_TEXT.pendingApprovals(pending.length),
    items: pending.map((p) => ({ id: p.id, type: p.label, maker: p.makerEmail, subject: p.subjectId })),
  };
  return {
    businessDate: facts.businessDate,
    nextBusinessDate: facts.nextBusinessDate,
    monthEnd: facts.monthEnd,
    quarterEnd: facts.quarterEnd,
    checks: [tills, approvals, suspense],
    pendingApprovals: pending,
  };
}

/**
 * 409 unless every check passes or is explicitly accepted: open tills always block; pending requests
 * pass only when the maker carries over exactly those listed; suspense only when acknowledged. An
 * unavailable check (its module is not installed) is shown as such and does not block.
 */
export async function assertPrechecks(
  db: Database,
  request: EodRunRequest,
  hooks: Readonly<EodHooks>,
): Promise<EodPrechecks> {
  const result = await runPrechecks(db, hooks);
  const pendingIds = new Set(result.pendingApprovals.map((p) => p.id));
  const carried = new Set(request.carryOverApprovalIds);
  const sameSet = pendingIds.size === carried.size && [...carried].every((id) => pendingIds.has(id));
  const blocking = result.checks.filter(
    (c) =>
      c.state === 'fail' ||
      (c.key === 'pending_approvals' && c.state === 'acknowledge' && !sameSet) ||
      (c.key === 'suspense_zero' && c.state === 'acknowledge' && !request.acknowledgeSuspense),
  );
  if (pendingIds.size === 0 && carried.size > 0)
    throw conflict(EOD_TEXT.carryOverMismatch, { code: 'carry_over_mismatch', checks: result.checks });
  if (blocking.length > 0)
    throw conflict(EOD_TEXT.precheckFailed, {
      code: 'precheck_failed',
      failed: blocking.map((c) => c.key),
      checks: result.checks,
    });
  return result;
}
