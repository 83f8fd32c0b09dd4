import { sql } from 'drizzle-orm';
import {
  LOAN_TEXT_DISBURSE as T,
  daysPastDue,
  fromCents,
  instalmentState,
  toCents,
  type FrozenInstalment,
  type LoanPayoffQuote,
  type LoanRepaymentLookup,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { instalmentsOf } from './rows.ts';
import { quoteOf } from './settlement.ts';

interface Head extends Record<string, unknown> {
  id: number;
  accountNumber: string;
  customerName: string;
  branch: string;
  currency: string;
  status: LoanRepaymentLookup['status'];
  outstanding: string;
  rate: string;
  disbursement_date: string;
}

const HEAD = sql`select l.id, a.account_number as "accountNumber", c.name as "customerName", l.branch_code as branch,
    l.currency, l.status, (-a.balance)::numeric(18,2)::text as outstanding, l.rate::text,
    to_char(l.disbursement_date, 'YYYY-MM-DD') as disbursement_date
  from loans l join accounts a on a.id = l.account_id join customers c on c.cust_id = l.cust_id`;

const owed = (i: FrozenInstalment) =>
  (['principal', 'interest', 'fee', 'penalty'] as const).reduce(
    (s, c) => s + toCents(i[`${c}Due`]) - toCents(i[`${c}Paid`]),
    0n,
  );

async function payoff(
  db: Database,
  h: Head,
  schedule: FrozenInstalment[],
  date: string,
): Promise<LoanPayoffQuote> {
  return { loanId: Number(h.id), ...quoteOf(h, schedule, date) };
}

/** The payoff quote of a loan for a date (the caller checked the branch and the date). */
export async function payoffFor(db: Database, id: number, date: string): Promise<LoanPayoffQuote> {
  const [h] = await queryRows<Head>(db, sql`${HEAD} where l.id = ${id}`);
  if (!h) throw notFound(T.notFound);
  return payoff(db, h, await instalmentsOf(db, id), date);
}

/**
 * What the teller sees on finding a loan by its account number: principal owed, what is due now
 * (a repayment of that much clears it without prepaying), the next due, arrears and today's payoff.
 */
export async function loanByAccount(
  db: Database,
  number: string,
  assertBranch: (branch: string) => void,
): Promise<LoanRepaymentLookup> {
  const [h] = await queryRows<Head>(db, sql`${HEAD} where a.account_number = ${number}`);
  if (!h) throw notFound(T.notFound);
  assertBranch(h.branch);
  const today = await currentBusinessDate(db);
  const schedule = await instalmentsOf(db, Number(h.id));
  const next = schedule.find((i) => instalmentState(i, today) !== 'paid');
  const dueNow = schedule.filter((i) => i.dueDate <= today).reduce((s, i) => s + owed(i), 0n);
  const arrears = schedule.filter((i) => i.dueDate < today).reduce((s, i) => s + owed(i), 0n);
  const { rate: _rate, disbursement_date: _d, ...head } = h;
  return {
    ...head,
    id: Number(h.id),
    nextDue: next ? { dueDate: next.dueDate, amount: fromCents(owed(next)) } : null,
    dueNow: fromCents(dueNow),
    arrears: fromCents(arrears),
    daysPastDue: daysPastDue(schedule, today),
    payoff: await payoff(db, h, schedule, today),
  };
}
