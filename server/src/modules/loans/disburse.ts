import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  LOAN_TEXT_DISBURSE as T,
  buildSchedule,
  isoDateSchema,
  loanProcessingFee,
  toCents,
  type LoanProductTerms,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { approvedBy, type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { holidaysOf } from '../eod/index.ts';
import { LedgerError, ledgerHttpError, postEntryOnce } from '../ledger/index.ts';
import { lockFor, record } from '../loan-applications/index.ts';
import { getLoanProduct } from '../loan-products/index.ts';

export const DISBURSE_TYPE = 'loan_application.disburse';

/** What a disbursement request stores: the application and, if the maker set it, the first due date. */
export const disburseCommand = z.object({
  applicationId: z.number().int(),
  firstDueDate: isoDateSchema.nullable(),
});
export type DisburseCommand = z.infer<typeof disburseCommand>;

/** The reference the disbursement's journal is posted once by: one per application, ever. */
export const disbursementReference = (applicationId: number) => `LOAN-DISB-${applicationId}`;

interface Approved extends Record<string, unknown> {
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

/**
 * The checker's approval: in the approval's transaction, opens the Loan account (a check-digit
 * number from the same allocator as every account, ADR 0019), writes the loan and its frozen schedule,
 * posts the one journal (Dr loan account the amount financed, Cr repayment account the net amount, Cr
 * the product's fee income GL the processing fee) once by the application's reference, and moves the
 * application to Disbursed with its history and audit rows.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
): Promise<void> {
  const cmd = disburseCommand.parse(raw);
  const locked = await lockFor(tx, cmd.applicationId, 'disburse');
  // The officer who took the application is not a second person for its money either.
  if (locked.officer_id === checker.id)
    throw conflict('You took this application; another person must approve its disbursement.', {
      code: 'own_request',
    });
  const [a] = await queryRows<Approved>(
    tx,
    sql`select a.cust_id, a.branch_code, a.product_code, a.product_version, a.currency, a.amount::text as amount,
          a.term, a.rate::text as rate, a.repayment_account_id::text as repayment_account_id,
          (r.status = 'Active' and r.cust_id = a.cust_id and r.currency = a.currency) as repayment_ok
        from loan_applications a join accounts r on r.id = a.repayment_account_id
        where a.id = ${cmd.applicationId}`,
  );
  if (!a!.repayment_ok) throw conflict(T.repaymentAccount, { code: 'repayment_account' });
  const product = await getLoanProduct(tx, a!.product_code);
  const version = product.versions.find((v) => v.version === a!.product_version);
  const terms = version?.terms ?? product.terms;
  const today = await currentBusinessDate(tx);
  if (cmd.firstDueDate && cmd.firstDueDate <= today)
    throw badRequest('Invalid request', [{ path: '/firstDueDate', message: T.firstDue }]);
  const schedule = await disbursementSchedule(tx, a!, terms, today, cmd.firstDueDate);

  const [shell] = await queryRows<{ code: string }>(
    tx,
    sql`select code from products where account_type = 'Loan' and currency = ${a!.currency} and status = 'active'
        order by code limit 1`,
  );
  if (!shell) throw conflict(T.noLoanAccountProduct, { code: 'no_loan_account_product' });
  const [acct] = await queryRows<{ id: string; account_number: string }>(
    tx,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on,
                              branch_code, ledger_code)
        values (make_account_number(${a!.branch_code}, nextval('account_serial_seq')), ${a!.cust_id}, ${shell.code},
                'Loan', ${a!.currency}, 'Active', ${today}::date, ${a!.branch_code}, ${product.gl.portfolio})
        returning id, account_number`,
  );
  const accountId = Number(acct!.id);

  let entryId: number;
  try {
    const posted = await postEntryOnce(tx, {
      source: 'system',
      reference: disbursementReference(cmd.applicationId),
      narration: `Loan disbursement ${acct!.account_number}`,
      lines: [
        { accountId, side: 'debit', amount: schedule.amountFinanced, description: 'Loan disbursement' },
        {
          accountId: Number(a!.repayment_account_id),
          side: 'credit',
          amount: schedule.netDisbursed,
          description: `Loan disbursement ${acct!.account_number}`,
        },
        ...(toCents(schedule.processingFee) > 0n
          ? [
              {
                glCode: product.gl.feeIncome,
                currency: a!.currency as 'SLE',
                side: 'credit' as const,
                amount: schedule.processingFee,
              },
            ]
          : []),
      ],
      actor: { id: maker.id, email: maker.email, ip: checker.ip },
      audit: {
        action: 'loan.disburse',
        targetType: 'loan_application',
        targetId: String(cmd.applicationId),
        details: { ...approvedBy(approvalId, checker), accountNumber: acct!.account_number },
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
        values (${cmd.applicationId}, ${accountId}, ${a!.cust_id}, ${a!.branch_code}, ${a!.product_code},
          ${a!.product_version}, ${a!.currency}, ${a!.amount}::numeric, ${schedule.amountFinanced}::numeric,
          ${schedule.processingFee}::numeric, ${schedule.netDisbursed}::numeric, ${a!.rate}::numeric, ${a!.term},
          ${terms.interestMethod}, ${terms.repaymentFrequency}, ${today}::date,
          ${schedule.instalments[0]!.dueDate}::date, ${Number(a!.repayment_account_id)}, ${entryId},
          ${approvalId}::uuid, ${maker.id}::uuid, ${maker.email}, ${checker.id}::uuid, ${checker.email})
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
  await record(tx, locked, 'disburse', maker, {
    approvalId,
    details: {
      ...approvedBy(approvalId, checker),
      loanId: loan!.id,
      accountNumber: acct!.account_number,
      entryId,
      amountFinanced: schedule.amountFinanced,
      netDisbursed: schedule.netDisbursed,
      processingFee: schedule.processingFee,
    },
  });
}

const currentVersion = async (tx: Database, subjectId: string): Promise<string | null> => {
  const [r] = await queryRows<{ v: string }>(
    tx,
    sql`select version::text as v from loan_applications where id = ${Number(subjectId)}`,
  );
  return r?.v ?? null;
};

/** Registers the disbursement's approval type with the app's four-eyes engine. */
export function registerDisbursement(approvals: Approvals): void {
  approvals.register({
    type: DISBURSE_TYPE,
    currentVersion,
    execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
  });
}
