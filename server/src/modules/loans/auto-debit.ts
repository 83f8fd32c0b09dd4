import { sql } from 'drizzle-orm';
import { LOAN_AUTO_DEBIT_TEXT as T, toCents } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { reasonOf } from '../../lib/db-errors.ts';
import { inLane, ONE_LANE, type AutoDebitFailure, type LoanBookChunkArgs } from '../eod/index.ts';
import { repayLoan } from './repay.ts';
import { collectInBulk } from './auto-debit-bulk.ts';

interface Candidate extends Record<string, unknown> {
  id: number;
  account_id: string;
  account_number: string;
  due: string;
  collect: string;
}

/** The reference of a loan's auto-debit on a business date: at most one per loan and day. */
export const autoDebitReference = (loanId: number, businessDate: string) => `AD-${loanId}-${businessDate}`;

/**
 * What the auto-debit may take from each loan of a chunk, in one statement (ADR 0061): the Active
 * loans after the cursor in id order; of each, what is unpaid of the instalments due on or before
 * the business date (all four parts); of its repayment account, the available balance as the posting
 * trigger counts it (balance − holds + the overdraft limit while it runs; nothing from an account
 * that is not Active or Dormant). Loans sharing an account take it in loan order: each gets what the
 * earlier ones left. A loan already debited today is left out, so a rerun collects nothing twice; so
 * is a loan with nothing to collect. In lanes (ADR 0090), a loan's lane is its repayment account's:
 * the loans sharing an account are in one lane, and two lanes never debit one account.
 */
export const candidatesSql = (a: Pick<LoanBookChunkArgs, 'businessDate' | 'cursor' | 'limit' | 'lane'>) =>
  sql`with cand as (
      select l.id, l.repayment_account_id as account_id
        from loans l
       where l.id > ${a.cursor} and l.status = 'Active' and ${inLane(sql`l.repayment_account_id`, a.lane ?? ONE_LANE)}
       order by l.id limit ${a.limit}),
    -- Per loan through its own instalments (the primary key's loan_id): a chunk reads its loans'
    -- schedules, not every instalment of the book due by the date.
    due as (
      select c.id, c.account_id, coalesce(u.due, 0) as due
        from cand c cross join lateral (
          select sum(i.principal_due - i.principal_paid + i.interest_due - i.interest_paid
                     + i.fee_due - i.fee_paid + i.penalty_due - i.penalty_paid) as due
            from loan_instalments i where i.loan_id = c.id and i.due_date <= ${a.businessDate}::date) u
       where not exists (select 1 from loan_repayments r
                          where r.reference = 'AD-' || c.id || '-' || ${a.businessDate})),
    avail as (
      select d.*, p.account_number,
             case when p.status in ('Active', 'Dormant') then greatest(0, least(
                    p.balance + p.overdraft_limit,
                    p.balance - account_held(p.id, p.held)
                      + case when p.overdraft_expires_on is null or p.overdraft_expires_on >= ${a.businessDate}::date
                             then p.overdraft_limit else 0 end))
                  else 0 end as available,
             coalesce(sum(d.due) over (partition by d.account_id order by d.id
                                       rows between unbounded preceding and 1 preceding), 0) as before
        from due d join accounts p on p.id = d.account_id),
    collectable as (
      select avail.*, least(due, greatest(0, available - before)) as collect from avail)
    -- Only the loans with something to collect (on an ordinary day a few hundred of a chunk's 20,000),
    -- and one row of nulls when there are none: the chunk's last id and size come with every row.
    select (select max(id) from cand)::int as last_id, (select count(*) from cand)::int as n, x.id, x.account_id::text, x.account_number,
           x.due::numeric(18,2)::text as due, x.collect::numeric(18,2)::text as collect
      from (select 1) one left join collectable x on x.collect > 0
     order by x.id`;

/**
 * One chunk of the auto-debit (ADR 0069): the loans with something to collect are collected
 * set-based (auto-debit-bulk.ts), in a savepoint; the few the bulk path leaves (a paying account the
 * repayment service would refuse) and, should the bulk statements be refused, the whole chunk go
 * through the one repayment service (ADR 0052) loan by loan, each in its own savepoint, channel
 * `auto_debit`, by the reference of loan and date. A refusal the arithmetic did not foresee is a
 * failure of that account; the others go on. `perLoan` forces the per-loan path (the property test
 * compares the two).
 */
export async function autoDebitChunk(
  tx: Database,
  a: LoanBookChunkArgs,
  opts: { perLoan?: boolean } = {},
): Promise<{
  lastId: number | null;
  done: number;
  failures: AutoDebitFailure[];
  collected: number;
  /** Loans tried through the per-loan service (0 when the bulk path took the whole chunk). */
  perLoan: number;
  /** Why the set-based path was refused, when it was (the chunk then went loan by loan). */
  bulkRefusal: string | null;
}> {
  const rows = await queryRows<Candidate & { last_id: number | null; n: number }>(tx, candidatesSql(a));
  const lastId = rows[0]?.last_id ?? null;
  if (lastId === null)
    return { lastId: null, done: 0, failures: [], collected: 0, perLoan: 0, bulkRefusal: null };
  const picks = rows.filter((c) => c.id !== null && toCents(c.collect) > 0n);
  const byId = new Map(picks.map((c) => [Number(c.id), c]));
  let collected = 0;
  let left = picks;
  let bulkRefusal: string | null = null;
  if (!opts.perLoan) {
    try {
      const bulk = await tx.transaction((sp) =>
        collectInBulk(
          sp,
          a.businessDate,
          picks.map((c) => ({ id: Number(c.id), collect: c.collect })),
          { id: a.actor.id, email: a.actor.email },
          (id) => autoDebitReference(id, a.businessDate),
        ),
      );
      collected += bulk.collected;
      left = bulk.perLoan.map((k) => byId.get(k.id)!);
    } catch (err) {
      bulkRefusal = reasonOf(err).slice(0, 500);
      // Nothing of the bulk statements stays (its savepoint rolled back): each loan is tried alone,
      // so the one refused names its account in the failures and the others are collected.
      left = picks;
    }
  }
  const failures: AutoDebitFailure[] = [];
  for (const c of left) {
    try {
      await repayLoan(tx, {
        loanId: Number(c.id),
        amount: c.collect,
        reference: autoDebitReference(Number(c.id), a.businessDate),
        channel: 'auto_debit',
        source: { kind: 'account', accountNumber: c.account_number },
        overpayment: 'refuse',
        actor: a.actor,
      });
      collected++;
    } catch (err) {
      failures.push({ accountId: Number(c.account_id), error: reasonOf(err).slice(0, 500) });
    }
  }
  return { lastId, done: rows[0]!.n, failures, collected, perLoan: left.length, bulkRefusal };
}

/** What the step did on a date, for the run screen: read back from the repayments and the schedules. */
export async function autoDebitTotals(db: Database, businessDate: string): Promise<Record<string, string>> {
  const [r] = await queryRows<{ collected: string; amount: string; partial: string; nothing: string }>(
    db,
    sql`with ad as (
          select loan_id, amount from loan_repayments where channel = 'auto_debit' and value_date = ${businessDate}::date),
        owing as (
          select distinct i.loan_id from loan_instalments i join loans l on l.id = i.loan_id and l.status = 'Active'
           where i.due_date <= ${businessDate}::date
             and (i.principal_paid < i.principal_due or i.interest_paid < i.interest_due
                  or i.fee_paid < i.fee_due or i.penalty_paid < i.penalty_due))
        select (select count(*) from ad)::text as collected,
               (select coalesce(sum(amount), 0) from ad)::numeric(18,2)::text as amount,
               (select count(*) from ad join owing using (loan_id))::text as partial,
               (select count(*) from owing where loan_id not in (select loan_id from ad))::text as nothing`,
  );
  return {
    [T.collected]: r!.collected,
    [T.amount]: r!.amount,
    [T.partial]: r!.partial,
    [T.nothing]: r!.nothing,
  };
}

/** What app.ts plugs into end of day. */
export const loanAutoDebitEodHooks = { chunk: autoDebitChunk, totals: autoDebitTotals };
