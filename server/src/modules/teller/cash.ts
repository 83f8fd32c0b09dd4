import { sql } from 'drizzle-orm';
import type { CashDeposit, CashWithdrawal, TellerTransaction } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { writeAudit } from '../audit/index.ts';
import { postEntry, toCents } from '../ledger/index.ts';
import { needsChecker, requestApproval, type LimitSource } from '../approvals/index.ts';
import { assertDebitable, cashAccount, type CashAccount } from './account-lookup.ts';
import type { Teller } from './caller.ts';
import { asRefusal, refuse } from './refusals.ts';
import { activeSessionOf, type SessionFacts } from './session-repository.ts';
import {
  RETURNING,
  toView,
  transactionById,
  transactionByReference,
  type TransactionRow,
} from './transaction-repository.ts';
import { tellerCashGl } from './vault.ts';

export type CashRequest = (CashDeposit | CashWithdrawal) & { kind: 'deposit' | 'withdrawal' };
export interface CashOutcome {
  /** 201 posted now, 200 a replay, 202 waiting for a supervisor. */
  status: 200 | 201 | 202;
  transaction: TellerTransaction;
}

/** The context each call needs besides the request: the CTR thresholds and the branch scope check. */
export interface CashContext {
  ctrThreshold: Record<'SLE' | 'USD', string>;
  assertBranch: (branch: string) => void;
  /** Where the teller's limits are read: a withdrawal over them waits for a checker. */
  limits: LimitSource;
}

const journalReference = (reference: string) => `TLR-${reference}`;
const isCtr = (ctx: CashContext, a: CashAccount, amount: string) =>
  toCents(amount) >= toCents(ctx.ctrThreshold[a.currency]);

/** The same reference again: the first answer if it asked for the same thing, else a conflict. */
async function replay(db: Database, r: CashRequest): Promise<CashOutcome | null> {
  const t = await transactionByReference(db, r.reference);
  if (!t) return null;
  if (t.kind !== r.kind || t.accountNumber !== r.accountNumber || toCents(t.amount) !== toCents(r.amount))
    throw refuse('reference_conflict');
  return { status: t.status === 'pending_approval' ? 202 : 200, transaction: t };
}

/** The teller's open session, locked: their postings take turns, other tills never wait. */
async function openSessionOf(tx: Database, teller: Teller): Promise<SessionFacts> {
  const s = await activeSessionOf(tx, teller.id, true);
  if (!s || s.status !== 'open') throw refuse('till_closed');
  return s;
}

/**
 * Posts the cash entry: a deposit debits the till (teller cash of the branch, naming the session)
 * and credits the account; a withdrawal the other way. The database refuses a till that would go
 * below zero, a closed session, and a debit past the account's available balance.
 */
async function postCash(
  tx: Database,
  teller: Teller,
  s: SessionFacts,
  a: CashAccount,
  r: CashRequest,
  ctr: boolean,
): Promise<number> {
  const deposit = r.kind === 'deposit';
  const narration = r.narration || (deposit ? 'Cash deposit' : 'Cash withdrawal');
  const e = await postEntry(tx, {
    source: 'teller',
    narration: `${narration} — ${r.partyName}`.slice(0, 140),
    reference: journalReference(r.reference),
    actor: teller,
    lines: [
      {
        glCode: tellerCashGl(s.branch),
        currency: a.currency,
        side: deposit ? 'debit' : 'credit',
        amount: r.amount,
        tillSessionId: s.id,
      },
      { accountId: a.id, side: deposit ? 'credit' : 'debit', amount: r.amount, description: narration },
    ],
    audit: {
      action: `teller.${r.kind}`,
      targetType: 'account',
      targetId: a.number,
      details: {
        sessionId: s.id,
        till: s.tillCode,
        party: { name: r.partyName, idNumber: r.partyIdNumber },
        signatureConfirmed: 'signatureConfirmed' in r ? r.signatureConfirmed : null,
        ctrFlag: ctr,
      },
    },
  });
  return e.id;
}

async function insertTransaction(
  tx: Database,
  teller: Teller,
  s: SessionFacts,
  a: CashAccount,
  r: CashRequest,
  fields: { status: 'posted' | 'pending_approval'; entryId: number | null; ctr: boolean },
): Promise<TellerTransaction> {
  const [row] = await queryRows<TransactionRow>(
    tx,
    sql`insert into teller_transactions as t (reference, kind, status, session_id, branch_code, teller_id, teller_email,
          account_id, account_number, account_name, currency, amount, party_name, party_id_number, narration,
          signature_confirmed, ctr_flag, entry_id, business_date, posted_at)
        values (${r.reference}, ${r.kind}, ${fields.status}, ${s.id}, ${s.branch}, ${teller.id}, ${teller.email},
          ${a.id}, ${a.number}, ${a.name}, ${a.currency}, ${r.amount}::numeric(18,2), ${r.partyName}, ${r.partyIdNumber},
          ${r.narration || (r.kind === 'deposit' ? 'Cash deposit' : 'Cash withdrawal')},
          ${'signatureConfirmed' in r && r.signatureConfirmed === true}, ${fields.ctr}, ${fields.entryId},
          current_business_date(), ${fields.status === 'posted' ? sql`now()` : sql`null`})
        returning ${RETURNING}`,
  );
  return toView(row!);
}

/**
 * A cash deposit or withdrawal at the counter, at most once per reference. A withdrawal over the
 * teller's cash withdrawal limit is not paid: it becomes a `teller.withdrawal` request (202) and the
 * teller pays it once a supervisor approves (`payApprovedWithdrawal`).
 */
export async function takeCash(
  db: Database,
  teller: Teller,
  r: CashRequest,
  ctx: CashContext,
): Promise<CashOutcome> {
  const earlier = await replay(db, r);
  if (earlier) return earlier;
  try {
    const result = await db.transaction(async (tx) => {
      const s = await openSessionOf(tx, teller);
      ctx.assertBranch(s.branch);
      const a = await cashAccount(tx, r.accountNumber);
      ctx.assertBranch(a.branch);
      if (a.currency !== s.currency)
        throw refuse('wrong_currency', { till: s.currency, account: a.currency });
      const ctr = isCtr(ctx, a, r.amount);
      if (r.kind === 'withdrawal') {
        assertDebitable(a);
        // The available balance may be negative (an overdrawn current account): signed cents.
        if (toCents(r.amount) > toCents(a.available)) throw refuse('insufficient_available');
        if (toCents(r.amount) > toCents(s.balance)) throw refuse('till_cash_short');
        const overLimits = await needsChecker(tx, ctx.limits, {
          type: 'teller.withdrawal',
          makerId: teller.id,
          currency: a.currency,
          amount: r.amount,
          debitedAccount: a.number,
        });
        if (overLimits) {
          const t = await insertTransaction(tx, teller, s, a, r, {
            status: 'pending_approval',
            entryId: null,
            ctr,
          });
          const id = t.id;
          const approvalId = await requestApproval(tx, {
            type: 'teller.withdrawal',
            subjectType: 'teller_transaction',
            subjectId: id,
            command: { transactionId: id },
            after: {
              account: a.number,
              holder: a.name,
              amount: r.amount,
              bearer: r.partyName,
              till: s.tillCode,
            },
            maker: teller,
            branch: s.branch,
            amount: r.amount,
            currency: a.currency,
            subjectVersion: 'pending_approval',
          });
          await tx.execute(
            sql`update teller_transactions set approval_id = ${approvalId} where id = ${id}::bigint`,
          );
          return { status: 202 as const, transaction: { ...t, approvalId } };
        }
      }
      const entryId = await postCash(tx, teller, s, a, r, ctr);
      const posted = await insertTransaction(tx, teller, s, a, r, { status: 'posted', entryId, ctr });
      return { status: 201 as const, transaction: posted };
    });
    return result;
  } catch (err) {
    // Two copies of one request raced: the loser's transaction rolled back whole; answer the winner's.
    const c = violatedConstraint(err);
    if (c === 'teller_transactions_reference_unique' || c === 'journal_entries_reference_unique') {
      const winner = await replay(db, r);
      if (winner) return winner;
    }
    const refusal = asRefusal(err);
    await auditRefusal(db, teller, r.kind, r.accountNumber, refusal, {
      reference: r.reference,
      amount: r.amount,
    });
    throw refusal;
  }
}

/** A refused cash request leaves an audit row of its own (the refused transaction rolled back whole). */
export async function auditRefusal(
  db: Database,
  teller: Teller,
  kind: string,
  target: string,
  refusal: { statusCode: number; details?: unknown },
  details: Record<string, unknown>,
): Promise<void> {
  if (refusal.statusCode !== 409) return;
  await writeAudit(db, {
    action: `teller.${kind}`,
    outcome: 'failure',
    actorId: teller.id,
    actorEmail: teller.email,
    ip: teller.ip,
    targetType: 'account',
    targetId: target,
    details: { ...details, reason: (refusal.details as { code?: string } | undefined)?.code ?? null },
  });
}

/**
 * Pays an approved withdrawal from the teller's open session (the one who asked, only): the cash
 * leaves the till now, checked again against the account's available balance and the till's cash.
 * Paying twice answers the first payment.
 */
export async function payApprovedWithdrawal(
  db: Database,
  teller: Teller,
  id: string,
  ctx: CashContext,
): Promise<CashOutcome | null> {
  try {
    const status = await db.transaction(async (tx) => {
      const [t] = await queryRows<{ status: string; teller_id: string; reference: string }>(
        tx,
        sql`select status, teller_id, reference from teller_transactions where id = ${id}::bigint and kind = 'withdrawal'
            for update`,
      );
      if (!t) return null;
      if (t.teller_id !== teller.id) throw refuse('not_your_transaction');
      if (t.status === 'posted') return 200 as const;
      if (t.status !== 'approved') throw refuse('not_approved', { status: t.status });
      const s = await openSessionOf(tx, teller);
      ctx.assertBranch(s.branch);
      const v = (await transactionById(tx, id))!;
      const a = await cashAccount(tx, v.accountNumber);
      if (a.currency !== s.currency)
        throw refuse('wrong_currency', { till: s.currency, account: a.currency });
      const r: CashRequest = { ...v, kind: 'withdrawal', signatureConfirmed: true, narration: v.narration };
      const entryId = await postCash(tx, teller, s, a, r, v.ctrFlag);
      await tx.execute(sql`update teller_transactions set status = 'posted', entry_id = ${entryId}, session_id = ${s.id},
                           posted_at = now() where id = ${id}::bigint`);
      return 201 as const;
    });
    if (status === null) return null;
    return { status, transaction: (await transactionById(db, id))! };
  } catch (err) {
    const refusal = asRefusal(err);
    await auditRefusal(db, teller, 'withdrawal_pay', id, refusal, { transactionId: id });
    throw refusal;
  }
}
