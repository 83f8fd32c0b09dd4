import { sql, type SQL } from 'drizzle-orm';
import {
  amountInWords,
  type Currency,
  type TellerTransaction,
  type TellerTransactionKind,
  type TellerTransactionStatus,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface TransactionRow extends Record<string, unknown> {
  id: string;
  reference: string;
  kind: TellerTransactionKind;
  status: TellerTransactionStatus;
  sessionId: string;
  branch: string;
  branchName: string;
  tellerId: string;
  tellerEmail: string;
  tellerName: string;
  accountNumber: string;
  accountName: string;
  currency: Currency;
  amount: string;
  partyName: string;
  partyIdNumber: string;
  narration: string;
  signatureConfirmed: boolean;
  ctrFlag: boolean;
  approvalId: string | null;
  entryId: string | null;
  entryReference: string | null;
  businessDate: string;
  createdAt: string | Date;
  postedAt: string | Date | null;
}

const BASE = sql`t.id::text as id, t.reference, t.kind, t.status, t.session_id as "sessionId", t.branch_code as branch,
  coalesce((select b.name from branches b where b.code = t.branch_code), t.branch_code) as "branchName",
  t.teller_id as "tellerId", t.teller_email as "tellerEmail",
  coalesce((select nullif(p.full_name, '') from profiles p where p.id = t.teller_id), t.teller_email) as "tellerName",
  t.account_number as "accountNumber",
  t.account_name as "accountName", t.currency, t.amount::text as amount, t.party_name as "partyName",
  t.party_id_number as "partyIdNumber", t.narration, t.signature_confirmed as "signatureConfirmed",
  t.ctr_flag as "ctrFlag", t.approval_id as "approvalId", t.entry_id::text as "entryId",
  t.business_date::text as "businessDate", t.created_at as "createdAt", t.posted_at as "postedAt"`;
const COLUMNS = sql`${BASE}, e.reference as "entryReference"`;

/**
 * What `insert into teller_transactions as t … returning` gives back: the same view, without a second
 * read (the entry's reference is the one it was posted with, `TLR-` + the client's).
 */
export const RETURNING = sql`${BASE}, case when t.entry_id is null then null else 'TLR-' || t.reference end as "entryReference"`;
const FROM = sql`teller_transactions t left join journal_entries e on e.id = t.entry_id`;

export const toView = ({ tellerId: _t, ...r }: TransactionRow): TellerTransaction => ({
  ...r,
  amountInWords: amountInWords(r.amount, r.currency),
  createdAt: new Date(r.createdAt).toISOString(),
  postedAt: r.postedAt ? new Date(r.postedAt).toISOString() : null,
});

async function one(db: Database, where: SQL): Promise<(TellerTransaction & { tellerId: string }) | null> {
  const [r] = await queryRows<TransactionRow>(db, sql`select ${COLUMNS} from ${FROM} where ${where}`);
  return r ? { ...toView(r), tellerId: r.tellerId } : null;
}

export const transactionById = (db: Database, id: string) => one(db, sql`t.id = ${id}::bigint`);
export const transactionByReference = (db: Database, reference: string) =>
  one(db, sql`t.reference = ${reference}`);
export const transactionByEntry = (db: Database, entryId: number) => one(db, sql`t.entry_id = ${entryId}`);

/** A page of a session's transactions, newest first. */
export async function sessionTransactions(
  db: Database,
  sessionId: string,
  status: TellerTransactionStatus | undefined,
  window: PageWindow,
): Promise<{ rows: TellerTransaction[]; total: number }> {
  const cond = status
    ? sql`t.session_id = ${sessionId} and t.status = ${status}`
    : sql`t.session_id = ${sessionId}`;
  const rows = await queryRows<TransactionRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${cond} order by t.id desc limit ${window.limit} offset ${window.offset}`,
  );
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from teller_transactions t where ${cond}`,
  );
  return { rows: rows.map(toView), total: Number(n!.n) };
}

/** Withdrawals the teller asked for that are approved and not yet paid (any of their sessions). */
export async function approvedUnpaid(db: Database, tellerId: string): Promise<TellerTransaction[]> {
  const rows = await queryRows<TransactionRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where t.teller_id = ${tellerId} and t.status in ('pending_approval', 'approved')
        order by t.id limit 50`,
  );
  return rows.map(toView);
}
