import { sql } from 'drizzle-orm';
import {
  LOAN_TEXT_DISBURSE as T,
  TELLER_REFUSAL_TEXT,
  buildSchedule,
  loanProcessingFee,
  toCents,
  type LoanProductTerms,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { approvedBy, type ApprovalActor } from '../approvals/index.ts';
import { holidaysOf } from '../eod/index.ts';
import { LedgerError, ledgerHttpError, postEntryOnce } from '../ledger/index.ts';
import { record, type LoanApplicationActor } from '../loan-applications/index.ts';
import { getLoanProduct } from '../loan-products/index.ts';
import type { OpenTill } from '../teller/index.ts';

/** The reference the disbursement's journal is posted once by: one per application, ever, whatever the channel. */
export const disbursementReference = (applicationId: number) => `LOAN-DISB-${applicationId}`;

export interface Approved extends Record<string, unknown> {
  cust_id: number;
  branch_code: string;
  product_code: string;
  product_version: number;
  currency: string;
  amount: string;
  term: number;
  rate: string;
  repayment_account_id: string;
  repayment_ok: boolean;
  officer_id: string;
}

/** The holidays from the disbursement date's year to a year past the schedule's last possible date. */
async function holidaysFor(db: Database, from: string, term: number, frequency: string): Promise<string[]> {
  const year = Number(from.slice(0, 4));
  const perYear = frequency === 'monthly' ? 12 : frequency === 'fortnightly' ? 26 : 52;
  const out: string[] = [];
  for (let y = year; y <= year + Math.ceil(term / perYear) + 1; y++)
    out.push(...(await holidaysOf(db, y)).map((h) => h.date));
  return out;
}

/** The schedule a loan is frozen with: the contracts' engine on the actual disbursement date. */
export async function disbursementSchedule(
  db: Database,
  a: { amount: string; rate: string; term: number },
  terms: LoanProductTerms,
  disbursementDate: string,
  firstDueDate: string | null,
) {
  const fee = loanProcessingFee(terms, a.amount);
  return buildSchedule({
    principal: a.amount,
    annualRate: a.rate,
    method: terms.interestMethod,
    instalments: a.term,
    frequency: terms.repaymentFrequency,
    disbursementDate,
    ...(firstDueDate ? { firstDueDate } : {}),
    // As the appraisal showed it: a deducted fee that would leave nothing to pay out is not taken.
    ...(toCents(fee) > 0n &&
    (terms.processingFee.treatment === 'capitalised' || toCents(fee) < toCents(a.amount))
      ? { processingFee: fee, processingFeeMode: terms.processingFee.treatment }
      : {}),
    holidays: await holidaysFor(db, disbursementDate, a.term, terms.repaymentFrequency),
  });
}

/** The Approved application's terms as disbursement reads them (the repayment account checked). */
export async function approvedTerms(db: Database, applicationId: number) {
  const [a] = await queryRows<Approved>(
    db,
    sql`select a.cust_id, a.branch_code, a.product_code, a.product_version, a.currency, a.amount::text as amount,
          a.term, a.rate::text as rate, a.repayment_account_id::text as repayment_account_id,
          (r.status = 'Active' and r.cust_id = a.cust_id and r.currency = a.currency) as repayment_ok,
          a.officer_id::text as officer_id
        from loan_applications a join accounts r on r.id = a.repayment_account_id
        where a.id = ${applicationId}`,
  );
  const product = await getLoanProduct(db, a!.product_code);
  const version = product.versions.find((v) => v.version === a!.product_version);
  return { a: a!, product, terms: version?.terms ?? product.terms };
}

/** Where the net amount goes: the borrower's repayment account, or cash out of the teller's open till. */
export type NetPayout =
  | { kind: 'account' }
  | { kind: 'till'; till: OpenTill; teller: ApprovalActor; channelDetails: Record<string, unknown> };

export interface OpenLoanInput {
  applicationId: number;
  locked: { id: number; status: string };
  firstDueDate: string | null;
  approvalId: string;
  /** Who asked for the disbursement, and who approved it (four-eyes). */
  maker: ApprovalActor;
  checker: ApprovalActor;
  payout: NetPayout;
}

/**
 * Makes the loan of an Approved application, in the caller's transaction: opens the Loan account (a
 * check-digit number from the same allocator as every account, ADR 0019), posts the one journal (Dr
 * loan account the amount financed, Cr the repayment account or the till the net amount, Cr the
 * product's fee income GL the processing fee) once by the application's reference, writes the loan and
 * its schedule frozen on the business date, and moves the application to Disbursed with its history
 * and audit rows.
 */
export async function openLoan(tx: Database, o: OpenLoanInput) {
  const { a, product, terms } = await approvedTerms(tx, o.applicationId);
  if (!a.repayment_ok) throw conflict(T.repaymentAccount, { code: 'repayment_account' });
  const today = await currentBusinessDate(tx);
  if (o.firstDueDate && o.firstDueDate <= today)
    throw badRequest('Invalid request', [{ path: '/firstDueDate', message: T.firstDue }]);
  const schedule = await disbursementSchedule(tx, a, terms, today, o.firstDueDate);
  const cash = o.payout.kind === 'till' ? o.payout : null;
  if (cash) {
    if (cash.till.currency !== a.currency)
      throw conflict(TELLER_REFUSAL_TEXT.wrong_currency, {
        code: 'wrong_currency',
        till: cash.till.currency,
        account: a.currency,
      });
    if (toCents(schedule.netDisbursed) > toCents(cash.till.balance))
      throw conflict(TELLER_REFUSAL_TEXT.till_cash_short, { code: 'till_cash_short' });
  }

  const [shell] = await queryRows<{ code: string }>(
    tx,
    sql`select code from products where account_type = 'Loan' and currency = ${a.currency} and status = 'active'
        order by code limit 1`,
  );
  if (!shell) throw conflict(T.noLoanAccountProduct, { code: 'no_loan_account_product' });
  const [acct] = await queryRows<{ id: string; account_number: string }>(
    tx,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on,
                              branch_code, ledger_code)
        values (make_account_number(${a.branch_code}, nextval('account_serial_seq')), ${a.cust_id}, ${shell.code},
                'Loan', ${a.currency}, 'Active', ${today}::date, ${a.branch_code}, ${product.gl.portfolio})
        returning id, account_number`,
  );
  const accountId = Number(acct!.id);
  const narration = `Loan disbursement ${acct!.account_number}`;

  let entryId: number;
  try {
    const posted = await postEntryOnce(tx, {
      source: cash ? 'teller' : 'system',
      reference: disbursementReference(o.applicationId),
      narration: cash ? `${narration} in cash` : narration,
      lines: [
        { accountId, side: 'debit', amount: schedule.amountFinanced, description: 'Loan disbursement' },
        cash
          ? {
              glCode: cash.till.glCode,
              currency: a.currency as 'SLE',
              side: 'credit' as const,
              amount: schedule.netDisbursed,
              tillSessionId: cash.till.sessionId,
            }
          : {
              accountId: Number(a.repayment_account_id),
              side: 'credit' as const,
              amount: schedule.netDisbursed,
              description: narration,
            },
        ...(toCents(schedule.processingFee) > 0n
          ? [
              {
                glCode: product.gl.feeIncome,
                currency: a.currency as 'SLE',
                side: 'credit' as const,
                amount: schedule.processingFee,
              },
            ]
          : []),
      ],
      // Cash leaves the till at the teller's hands: the posting is theirs; otherwise the maker's.
      actor: cash ? cash.teller : { id: o.maker.id, email: o.maker.email, ip: o.checker.ip },
      audit: {
        action: 'loan.disburse',
        targetType: 'loan_application',
        targetId: String(o.applicationId),
        details: {
          ...approvedBy(o.approvalId, o.checker),
          accountNumber: acct!.account_number,
          channel: cash ? 'cash' : 'account',
          ...(cash ? { askedBy: o.maker.email, ...cash.channelDetails } : {}),
        },
      },
    });
    entryId = posted.entryId;
  } catch (err) {
    if (err instanceof LedgerError) throw ledgerHttpError(err);
    throw err;
  }

  const [loan] = await queryRows<{ id: number }>(
    tx,
    sql`insert into loans (application_id, account_id, cust_id, branch_code, product_code, product_version, currency,
          amount, amount_financed, processing_fee, net_disbursed, rate, term, interest_method, frequency,
          disbursement_date, first_due_date, repayment_account_id, entry_id, approval_id,
          disbursed_by, disbursed_by_email, approved_by, approved_by_email)
        values (${o.applicationId}, ${accountId}, ${a.cust_id}, ${a.branch_code}, ${a.product_code},
          ${a.product_version}, ${a.currency}, ${a.amount}::numeric, ${schedule.amountFinanced}::numeric,
          ${schedule.processingFee}::numeric, ${schedule.netDisbursed}::numeric, ${a.rate}::numeric, ${a.term},
          ${terms.interestMethod}, ${terms.repaymentFrequency}, ${today}::date,
          ${schedule.instalments[0]!.dueDate}::date, ${Number(a.repayment_account_id)}, ${entryId},
          ${o.approvalId}::uuid, ${o.maker.id}::uuid, ${o.maker.email}, ${o.checker.id}::uuid, ${o.checker.email})
        returning id`,
  );
  // One statement for the whole schedule: the instalments as arrays, unnested in the database.
  const col = <K extends 'number' | 'dueDate' | 'principal' | 'interest' | 'fees'>(k: K) =>
    schedule.instalments.map((i) => String(i[k]));
  await tx.execute(sql`insert into loan_instalments (loan_id, instalment_number, due_date, principal_due, interest_due,
                         fee_due)
    select ${loan!.id}, n, d, p, i, f
    from unnest(${`{${col('number').join(',')}}`}::int[], ${`{${col('dueDate').join(',')}}`}::date[],
                ${`{${col('principal').join(',')}}`}::numeric[], ${`{${col('interest').join(',')}}`}::numeric[],
                ${`{${col('fees').join(',')}}`}::numeric[]) as s(n, d, p, i, f)`);
  const who: LoanApplicationActor = cash ? cash.teller : o.maker;
  await record(tx, o.locked as Parameters<typeof record>[1], 'disburse', who, {
    approvalId: o.approvalId,
    details: {
      ...approvedBy(o.approvalId, o.checker),
      loanId: loan!.id,
      accountNumber: acct!.account_number,
      entryId,
      amountFinanced: schedule.amountFinanced,
      netDisbursed: schedule.netDisbursed,
      processingFee: schedule.processingFee,
      channel: cash ? 'cash' : 'account',
    },
  });
  return {
    loanId: Number(loan!.id),
    accountId,
    accountNumber: acct!.account_number,
    entryId,
    schedule,
    today,
    a,
    productName: product.name,
  };
}
