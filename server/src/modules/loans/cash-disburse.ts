import { sql } from 'drizzle-orm';
import {
  LOAN_CASH_DISBURSEMENT_TEXT as T,
  TELLER_REFUSAL_TEXT,
  type LoanCashDisbursement,
  type LoanCashDisbursementQuote,
  type LoanCashDisbursementRequest,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { lockFor } from '../loan-applications/index.ts';
import { openTillOf, recordTillCash } from '../teller/index.ts';
import { approvedTerms, disbursementSchedule, openLoan } from './open-loan.ts';

interface CashApproval extends Record<string, unknown> {
  approval_id: string;
  first_due_date: string | null;
  approved_by: string;
  approved_by_email: string;
  maker_id: string;
  maker_email: string;
}

/** The kept approval of an application's cash disbursement, with the maker of its request. */
async function cashApprovalOf(db: Database, applicationId: number, lock: boolean) {
  const [c] = await queryRows<CashApproval>(
    db,
    sql`select c.approval_id::text as approval_id, to_char(c.first_due_date, 'YYYY-MM-DD') as first_due_date,
          c.approved_by::text as approved_by, c.approved_by_email, q.maker_id::text as maker_id,
          q.maker_email
        from loan_cash_disbursements c join approval_requests q on q.id = c.approval_id
        where c.application_id = ${applicationId} ${lock ? sql`for update of c` : sql``}`,
  );
  return c ?? null;
}

const notForCash = () => conflict(T.notApprovedForCash, { code: 'not_approved_for_cash' });

/**
 * What the teller reads to the customer before paying out: gross, fees and net on today's business
 * date (the payout freezes the schedule on the day it happens). Only an Approved application whose
 * cash disbursement a checker approved.
 */
export async function cashDisbursementQuote(
  db: Database,
  applicationId: number,
  assertBranch: (b: string) => void,
): Promise<LoanCashDisbursementQuote> {
  const [app] = await queryRows<{ status: string; branch: string; name: string; id_number: string | null }>(
    db,
    sql`select a.status, a.branch_code as branch, c.name, c.id_number
        from loan_applications a join customers c on c.cust_id = a.cust_id where a.id = ${applicationId}`,
  );
  if (!app) throw notFound('No loan application with this number.');
  assertBranch(app.branch);
  const c = await cashApprovalOf(db, applicationId, false);
  if (app.status !== 'Approved' || !c) throw notForCash();
  const { a, product, terms } = await approvedTerms(db, applicationId);
  const s = await disbursementSchedule(db, a, terms, await currentBusinessDate(db), null);
  return {
    applicationId,
    custId: Number(a.cust_id),
    customerName: app.name,
    customerIdNumber: app.id_number,
    branch: a.branch_code,
    product: product.name,
    currency: a.currency as LoanCashDisbursementQuote['currency'],
    gross: s.amountFinanced,
    fees: s.processingFee,
    net: s.netDisbursed,
    approvalId: c.approval_id,
    approvedByEmail: c.approved_by_email,
    firstDueDate: c.first_due_date,
  };
}

/** The payout a teller reference made, as the receipt shows it; null when the reference is new. */
async function payoutByReference(db: Database, reference: string) {
  const [r] = await queryRows<LoanCashDisbursement & { kind: string }>(
    db,
    sql`select t.kind, l.application_id as "applicationId", l.cust_id as "custId", c.name as "customerName",
          l.branch_code as branch, coalesce(p.name, l.product_code) as product, l.currency,
          l.amount_financed::text as gross, l.processing_fee::text as fees, l.net_disbursed::text as net,
          l.id as "loanId", t.account_number as "loanAccount", t.reference, t.entry_id::text as "entryId",
          e.reference as "entryReference", to_char(l.disbursement_date, 'YYYY-MM-DD') as "disbursementDate",
          to_char(l.first_due_date, 'YYYY-MM-DD') as "firstDueDate", t.party_name as "partyName",
          t.party_id_number as "partyIdNumber", s.till_code as "tillCode",
          coalesce((select b.name from branches b where b.code = t.branch_code), t.branch_code) as "branchName",
          t.teller_email as "tellerEmail",
          to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "postedAt"
        from teller_transactions t join loans l on l.account_id = t.account_id
        join customers c on c.cust_id = l.cust_id join journal_entries e on e.id = t.entry_id
        join till_sessions s on s.id = t.session_id
        left join loan_products p on p.code = l.product_code
        where t.reference = ${reference}`,
  );
  if (!r) return null;
  const { kind, ...answer } = r;
  return { kind, answer };
}

export interface CashPayout {
  applicationId: number;
  body: LoanCashDisbursementRequest;
  teller: ApprovalActor;
  ctrThreshold: Record<'SLE' | 'USD', string>;
  assertBranch: (b: string) => void;
}

/** The same reference again: the first answer for the same application, else a conflict. */
async function replay(db: Database, p: CashPayout) {
  const earlier = await payoutByReference(db, p.body.reference);
  if (!earlier) return null;
  if (earlier.kind !== 'loan_disbursement' || earlier.answer.applicationId !== p.applicationId)
    throw conflict(TELLER_REFUSAL_TEXT.reference_conflict, { code: 'reference_conflict' });
  return { status: 200 as const, payout: earlier.answer };
}

/**
 * Pays an approved cash disbursement out of the teller's open till (ADR 0070), at most once per
 * reference and once per application: the loan is made now (open-loan.ts: its one journal credits the
 * till for the net amount), and the till records the cash out like a withdrawal (its journal and
 * cash-out tally, the CTR flag and the day's CTR aggregation, the receipt). Refused: no open till, a
 * till of another branch than the loan's, not enough cash, no approval for cash, the application not
 * Approved (already disbursed included).
 */
export async function payCashDisbursement(
  db: Database,
  p: CashPayout,
): Promise<{ status: 200 | 201; payout: LoanCashDisbursement }> {
  const earlier = await replay(db, p);
  if (earlier) return earlier;
  try {
    await db.transaction(async (tx) => {
      const till = await openTillOf(tx, p.teller.id);
      p.assertBranch(till.branch);
      const locked = await lockFor(tx, p.applicationId, 'disburse');
      p.assertBranch(locked.branch);
      // A loan is paid out at its own branch, whose cash and books it is.
      if (locked.branch !== till.branch)
        throw conflict('This loan belongs to another branch: pay it out at a till of its own branch.', {
          code: 'other_branch',
          branch: locked.branch,
        });
      const c = await cashApprovalOf(tx, p.applicationId, true);
      if (!c) throw notForCash();
      if (c.first_due_date && c.first_due_date <= (await currentBusinessDate(tx)))
        throw conflict(T.firstDuePassed, { code: 'first_due_passed' });
      const opened = await openLoan(tx, {
        applicationId: p.applicationId,
        locked,
        firstDueDate: c.first_due_date,
        approvalId: c.approval_id,
        maker: { id: c.maker_id, email: c.maker_email, ip: null },
        checker: { id: c.approved_by, email: c.approved_by_email, ip: null },
        payout: {
          kind: 'till',
          till,
          teller: p.teller,
          channelDetails: {
            sessionId: till.sessionId,
            till: till.tillCode,
            reference: p.body.reference,
            party: { name: p.body.partyName, idNumber: p.body.partyIdNumber },
            identityConfirmed: true,
          },
        },
      });
      const cur = opened.a.currency;
      const s = opened.schedule;
      await recordTillCash(tx, {
        till,
        kind: 'loan_disbursement',
        reference: p.body.reference,
        teller: p.teller,
        accountId: opened.accountId,
        amount: s.netDisbursed,
        partyName: p.body.partyName,
        partyIdNumber: p.body.partyIdNumber,
        // The receipt prints the narration: the loan's gross, fees and the cash paid.
        narration: `Loan ${opened.accountNumber}: gross ${cur} ${s.amountFinanced}, fees ${cur} ${s.processingFee}, net paid ${cur} ${s.netDisbursed}`,
        entryId: opened.entryId,
        ctrThreshold: p.ctrThreshold,
        identityConfirmed: true,
      });
    });
  } catch (err) {
    // Two copies of one request raced: the loser rolled back whole; answer the winner's.
    if (violatedConstraint(err) === 'teller_transactions_reference_unique') {
      const winner = await replay(db, p);
      if (winner) return winner;
    }
    if (err instanceof HttpError && err.statusCode === 409)
      await writeAudit(db, {
        action: 'loan.cash_disburse',
        outcome: 'failure',
        actorId: p.teller.id,
        actorEmail: p.teller.email,
        ip: p.teller.ip,
        targetType: 'loan_application',
        targetId: String(p.applicationId),
        details: {
          reference: p.body.reference,
          reason: (err.details as { code?: string } | undefined)?.code ?? null,
        },
      });
    throw err;
  }
  const paid = await payoutByReference(db, p.body.reference);
  return { status: 201, payout: paid!.answer };
}
