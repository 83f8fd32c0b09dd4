import { sql, type SQL } from 'drizzle-orm';
import {
  minusAmount,
  TELLER_CASH_OUT_KINDS,
  type Currency,
  type SessionListQuery,
  type TillSession,
  type TillSessionStatus,
  type VaultTransfer,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** A session row as the services need it (the lock is taken by `loadSession(…, true)`). */
export interface SessionFacts {
  id: string;
  reference: string;
  branch: string;
  tillCode: string;
  currency: Currency;
  tellerId: string;
  tellerEmail: string;
  status: TillSessionStatus;
  balance: string;
  closeReference: string | null;
}

const FACTS = sql`s.id, s.reference, s.branch_code as branch, s.till_code as "tillCode", s.currency,
  s.teller_id as "tellerId", s.teller_email as "tellerEmail", s.status, s.balance::text as balance,
  s.close_reference as "closeReference"`;

/** The session, optionally locked (`for no key update`: postings to it wait, FK checks do not). */
export async function loadSession(db: Database, id: string, lock = false): Promise<SessionFacts | null> {
  const [r] = await queryRows<SessionFacts & Record<string, unknown>>(
    db,
    sql`select ${FACTS} from till_sessions s where s.id = ${id} ${lock ? sql`for no key update` : sql``}`,
  );
  return r ?? null;
}

/** The teller's session that is not closed yet (at most one: a unique partial index). */
export async function activeSessionOf(db: Database, tellerId: string, lock = false) {
  const [r] = await queryRows<SessionFacts & Record<string, unknown>>(
    db,
    sql`select ${FACTS} from till_sessions s where s.teller_id = ${tellerId} and s.status <> 'closed'
        ${lock ? sql`for no key update` : sql``}`,
  );
  return r ?? null;
}

interface SessionRow extends Record<string, unknown> {
  id: string;
  reference: string;
  branch: string;
  tillCode: string;
  currency: Currency;
  tellerId: string;
  tellerEmail: string;
  businessDate: string;
  status: TillSessionStatus;
  openingAllocation: string;
  balance: string;
  expected: string | null;
  counted: string | null;
  closeApprovalId: string | null;
  signedOffBy: string | null;
  openedAt: string | Date;
  closedAt: string | Date | null;
  dn: string;
  da: string;
  wn: string;
  wa: string;
  vin: string;
  vout: string;
}

// Posted transactions and vault transfers of each session, summed beside it (a session has a day's
// worth of rows, found by their session index). Cash in is deposits and loan repayments alike, cash
// out withdrawals and loan disbursements, so opening + in − out ± vault is the till's expected cash.
const ROW = sql`s.id, s.reference, s.branch_code as branch, s.till_code as "tillCode", s.currency,
  s.teller_id as "tellerId", s.teller_email as "tellerEmail", s.business_date::text as "businessDate", s.status,
  s.opening_allocation::text as "openingAllocation", s.balance::text as balance, s.expected::text as expected,
  s.counted::text as counted, s.close_approval_id as "closeApprovalId", s.signed_off_by as "signedOffBy",
  s.opened_at as "openedAt", s.closed_at as "closedAt",
  t.dn, t.da::numeric(18,2)::text as da, t.wn, t.wa::numeric(18,2)::text as wa,
  v.vin::numeric(18,2)::text as vin, v.vout::numeric(18,2)::text as vout`;
const CASH_OUT = sql.raw(`kind in (${TELLER_CASH_OUT_KINDS.map((k) => `'${k}'`).join(', ')})`);
const TALLIES = sql`left join lateral (
    select count(*) filter (where not ${CASH_OUT}) as dn, coalesce(sum(amount) filter (where not ${CASH_OUT}), 0) as da,
           count(*) filter (where ${CASH_OUT}) as wn, coalesce(sum(amount) filter (where ${CASH_OUT}), 0) as wa
    from teller_transactions x where x.session_id = s.id and x.status = 'posted') t on true
  left join lateral (
    select coalesce(sum(amount) filter (where direction = 'buy'), 0) as vin,
           coalesce(sum(amount) filter (where direction = 'sell'), 0) as vout
    from till_vault_transfers y where y.session_id = s.id and y.status = 'posted') v on true`;

/**
 * The contract's view. While the session is open its expected cash is the live balance, shown only
 * to those who may see it (the teller counts blind); once counted, the count's expected figure.
 */
function toSession(r: SessionRow, seesExpected: boolean): TillSession {
  const expected = r.status === 'open' ? (seesExpected ? r.balance : null) : r.expected;
  return {
    id: r.id,
    reference: r.reference,
    branch: r.branch,
    tillCode: r.tillCode,
    currency: r.currency,
    tellerId: r.tellerId,
    tellerEmail: r.tellerEmail,
    businessDate: r.businessDate,
    status: r.status,
    openingAllocation: r.openingAllocation,
    expected,
    counted: r.counted,
    difference: r.counted !== null && r.expected !== null ? minusAmount(r.counted, r.expected) : null,
    closeApprovalId: r.closeApprovalId,
    signedOffBy: r.signedOffBy,
    openedAt: new Date(r.openedAt).toISOString(),
    closedAt: r.closedAt ? new Date(r.closedAt).toISOString() : null,
    deposits: { count: Number(r.dn), amount: r.da },
    withdrawals: { count: Number(r.wn), amount: r.wa },
    vaultIn: r.vin,
    vaultOut: r.vout,
  };
}

export async function sessionView(db: Database, id: string, seesExpected: boolean) {
  const [r] = await queryRows<SessionRow>(
    db,
    sql`select ${ROW} from till_sessions s ${TALLIES} where s.id = ${id}`,
  );
  if (!r) return null;
  return { ...toSession(r, seesExpected), vaultTransfers: await vaultTransfersOf(db, id) };
}

async function vaultTransfers(db: Database, where: SQL): Promise<VaultTransfer[]> {
  const rows = await queryRows<VaultTransfer & { createdAt: string | Date }>(
    db,
    sql`select id, reference, session_id as "sessionId", direction, currency, amount::text as amount, status,
               approval_id as "approvalId", entry_id::text as "entryId", created_at as "createdAt"
        from till_vault_transfers where ${where} order by created_at, id`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}
const vaultTransfersOf = (db: Database, sessionId: string) =>
  vaultTransfers(db, sql`session_id = ${sessionId}`);
export const vaultTransferById = async (db: Database, id: string) =>
  (await vaultTransfers(db, sql`id = ${id}`))[0]!;

/** A page of a branch's sessions, newest first (the supervisor's view). `branch` undefined: every branch. */
export async function listSessions(
  db: Database,
  q: SessionListQuery & { branch: string | undefined },
  window: PageWindow,
  seesExpected: boolean,
): Promise<{ rows: TillSession[]; total: number }> {
  const where: SQL[] = [];
  if (q.branch) where.push(sql`s.branch_code = ${q.branch}`);
  if (q.status) where.push(sql`s.status = ${q.status}`);
  if (q.date) where.push(sql`s.business_date = ${q.date}::date`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rows = await queryRows<SessionRow>(
    db,
    sql`select ${ROW} from till_sessions s ${TALLIES} ${cond}
        order by s.business_date desc, s.opened_at desc, s.id limit ${window.limit} offset ${window.offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from till_sessions s ${cond}`);
  return { rows: rows.map((r) => toSession(r, seesExpected)), total: Number(n!.n) };
}
