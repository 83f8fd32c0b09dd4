import { sql, type SQL } from 'drizzle-orm';
import { LOAN_LOSS_GL, fromCents, toCents } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postManyEntries, type EntryLine, type ManyEntry } from '../ledger/index.ts';
import { LOAN_SUSPENSE_GL, collectionCredits, collectionOf } from './suspense-collection.ts';

/** A loan of the chunk with something to collect: its id and the amount the candidates allow. */
export interface Pick {
  id: number;
  collect: string;
}

interface Planned extends Record<string, unknown> {
  id: number;
  loan_account: string;
  loan_number: string;
  currency: string;
  pay_id: string;
  pay_currency: string;
  pay_type: string;
  status: string;
  interest_receivable_gl: string;
  interest_income_gl: string;
  fee_income_gl: string;
  penalty_income_gl: string;
  interest_receivable: string;
  interest_in_suspense: string;
  penalty_receivable: string;
  penalty_in_suspense: string;
  provision_held: string;
  principal_balance: string;
  collect: string;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  allocations: {
    instalmentNumber: number;
    penalty: string;
    fee: string;
    interest: string;
    principal: string;
  }[];
}

/**
 * Locks the loans and splits each one's amount over its instalments due on or before the date, as
 * common table expressions for one statement: `c` (the loans and amounts, from `picks`: rows of `id`
 * and `collect`), `l` (each loan with its accounts and product, locked), `inst` (what each instalment
 * takes of each part). Oldest due first (due date, then number, as the contracts' engine sorts),
 * within an instalment in the product version's allocation order. Each (instalment, part) is a slot
 * in that order; a slot takes what it owes, up to what the slots before it left of the amount. The
 * bench's write floor does the same split (bench/eod-floors.ts), so this is the one text of it.
 */
export const splitCtes = (picks: SQL, businessDate: string) =>
  sql`c as (${picks}),
    l as (
      select l.id, l.account_id::text as loan_account, la.account_number as loan_number, l.currency,
             pa.id::text as pay_id, pa.currency as pay_currency, pa.account_type as pay_type, l.status,
             coalesce(pv.allocation_order, array['penalties', 'fees', 'interest', 'principal']) as allocation_order,
             p.interest_receivable_gl, p.interest_income_gl, p.fee_income_gl, p.penalty_income_gl,
             l.interest_receivable::text, l.interest_in_suspense::text, l.penalty_receivable::text,
             l.penalty_in_suspense::text, l.provision_held::text, greatest(-la.balance, 0)::text as principal_balance,
             c.collect
        from c join loans l on l.id = c.id
        join accounts la on la.id = l.account_id
        join accounts pa on pa.id = l.repayment_account_id
        join loan_products p on p.code = l.product_code
        left join loan_product_versions pv on pv.product_code = l.product_code and pv.version = l.product_version
       order by l.id
         for update of l),
    s as (
      select l.id as loan_id, i.instalment_number, i.due_date, o.part, o.pos, l.collect,
             case o.part when 'penalties' then i.penalty_due - i.penalty_paid when 'fees' then i.fee_due - i.fee_paid
                         when 'interest' then i.interest_due - i.interest_paid
                         else i.principal_due - i.principal_paid end as unpaid
        -- Each loan's own instalments through the primary key (OFFSET 0 keeps the subquery apart):
        -- joined as a set, a plan for many loans read every instalment of the book due by the date.
        from l cross join lateral (select i.* from loan_instalments i
                                    where i.loan_id = l.id and i.due_date <= ${businessDate}::date offset 0) i
        cross join lateral unnest(l.allocation_order) with ordinality as o(part, pos)),
    t as (
      select s.*, least(s.unpaid, greatest(0, s.collect - coalesce(sum(s.unpaid) over (
               partition by s.loan_id order by s.due_date, s.instalment_number, s.pos
               rows between unbounded preceding and 1 preceding), 0))) as take
        from s),
    inst as (
      select loan_id, instalment_number, due_date,
             coalesce(sum(take) filter (where part = 'penalties'), 0) as penalty,
             coalesce(sum(take) filter (where part = 'fees'), 0) as fee,
             coalesce(sum(take) filter (where part = 'interest'), 0) as interest,
             coalesce(sum(take) filter (where part = 'principal'), 0) as principal
        from t group by loan_id, instalment_number, due_date)`;

/** The split of `splitCtes` for the chunk's picks, each loan's parts and allocations beside its columns. */
const planSql = (picks: Pick[], businessDate: string) =>
  sql`with ${splitCtes(sql`select * from jsonb_to_recordset(${JSON.stringify(picks)}::jsonb) as c(id int, collect numeric)`, businessDate)},
    per as (
      select loan_id, sum(principal) as principal, sum(interest) as interest, sum(fee) as fee, sum(penalty) as penalty,
             coalesce(jsonb_agg(jsonb_build_object('instalmentNumber', instalment_number,
                        'penalty', penalty::numeric(18,2)::text, 'fee', fee::numeric(18,2)::text,
                        'interest', interest::numeric(18,2)::text, 'principal', principal::numeric(18,2)::text)
                      order by due_date, instalment_number)
                      filter (where penalty + fee + interest + principal > 0), '[]') as allocations
        from inst group by loan_id)
    select l.id, l.loan_account, l.loan_number, l.currency, l.pay_id, l.pay_currency, l.pay_type, l.status,
           l.interest_receivable_gl, l.interest_income_gl, l.fee_income_gl, l.penalty_income_gl,
           l.interest_receivable, l.interest_in_suspense, l.penalty_receivable, l.penalty_in_suspense,
           l.provision_held, l.principal_balance, l.collect::numeric(18,2)::text as collect,
           coalesce(per.principal, 0)::numeric(18,2)::text as principal, coalesce(per.interest, 0)::numeric(18,2)::text as interest,
           coalesce(per.fee, 0)::numeric(18,2)::text as fee, coalesce(per.penalty, 0)::numeric(18,2)::text as penalty,
           coalesce(per.allocations, '[]') as allocations
      from l left join per on per.loan_id = l.id
     order by l.id`;

/** What one loan's collection writes: the journal, the provision released, the repayment's parts. */
interface Collection {
  p: Planned;
  entry: ManyEntry;
  release: string | null;
  parts: Record<string, string>;
}

/**
 * One loan's journal exactly as repayLoan lays it out (repay.ts): Dr the paying account; Cr the loan
 * account with principal; Dr suspense and Cr income for what leaves it (ADR 0064); Cr the receivables
 * and income; then, when the principal left falls below the provision held, its release (ADR 0065).
 */
function collectionOfLoan(p: Planned, reference: string): Collection {
  const totals = {
    principal: toCents(p.principal),
    interest: toCents(p.interest),
    fee: toCents(p.fee),
    penalty: toCents(p.penalty),
  };
  const collection = collectionOf(p, totals);
  const gl = {
    interestReceivable: p.interest_receivable_gl,
    interestIncome: p.interest_income_gl,
    penaltyIncome: p.penalty_income_gl,
  };
  const { credits, suspenseDebit } = collectionCredits(gl, totals, collection);
  const currency = p.currency as 'SLE';
  const excess = toCents(p.provision_held) - (toCents(p.principal_balance) - totals.principal);
  const release = excess > 0n ? fromCents(excess) : null;
  const lines: EntryLine[] = [
    {
      accountId: Number(p.pay_id),
      side: 'debit',
      amount: p.collect,
      description: `Loan repayment ${p.loan_number}`,
    },
    ...(totals.principal > 0n
      ? [
          {
            accountId: Number(p.loan_account),
            side: 'credit' as const,
            amount: p.principal,
            description: 'Loan repayment',
          },
        ]
      : []),
    ...(suspenseDebit > 0n
      ? [{ glCode: LOAN_SUSPENSE_GL, currency, side: 'debit' as const, amount: fromCents(suspenseDebit) }]
      : []),
    ...[...credits, [p.fee_income_gl, totals.fee] as [string, bigint]]
      .filter(([, c]) => c > 0n)
      .map(([glCode, c]) => ({ glCode, currency, side: 'credit' as const, amount: fromCents(c) })),
    ...(release
      ? [
          { glCode: LOAN_LOSS_GL.provision, currency, side: 'debit' as const, amount: release },
          { glCode: LOAN_LOSS_GL.provisionExpense, currency, side: 'credit' as const, amount: release },
        ]
      : []),
  ];
  const parts = {
    principal: p.principal,
    interest: p.interest,
    ...collection,
    fee: p.fee,
    penalty: p.penalty,
    prepayment: '0.00',
  };
  return {
    p,
    release,
    parts,
    entry: {
      reference: `LNR-${reference}`,
      narration: `Loan repayment ${p.loan_number}`,
      lines,
      audit: {
        targetId: String(p.id),
        details: { channel: 'auto_debit', reference, amount: p.collect, ...parts },
      },
    },
  };
}

/** A loan the one repayment service handles instead: whatever it would refuse (its failure is recorded). */
const perLoanOnly = (p: Planned) =>
  p.status !== 'Active' ||
  p.pay_type === 'Loan' ||
  p.pay_currency !== p.currency ||
  toCents(p.principal) + toCents(p.interest) + toCents(p.fee) + toCents(p.penalty) !== toCents(p.collect);

/**
 * Collects a chunk's loans set-based (ADR 0069), in the caller's transaction: the split in one
 * statement, the journals by the ledger's many-entries bulk path (one entry per loan, reference
 * `LNR-AD-<loan>-<date>`, each with its `loan.repay` audit row), then the provision released, the
 * paid columns, the repayment rows and the loans' receivables, suspense and closing, one statement
 * each. The rows are those repayLoan writes, so the reversal flow undoes one loan exactly. Returns
 * the loans left to the per-loan path.
 */
export async function collectInBulk(
  tx: Database,
  businessDate: string,
  picks: Pick[],
  actor: { id: string | null; email: string },
  referenceOf: (loanId: number) => string,
): Promise<{ collected: number; perLoan: Pick[] }> {
  if (picks.length === 0) return { collected: 0, perLoan: [] };
  const planned = await queryRows<Planned>(tx, planSql(picks, businessDate));
  const mine = planned.filter((p) => !perLoanOnly(p)).map((p) => collectionOfLoan(p, referenceOf(p.id)));
  // A set, not a search of `mine` per pick: a chunk has tens of thousands of each.
  const inBulk = new Set(mine.map((m) => m.p.id));
  const perLoan = picks.filter((k) => !inBulk.has(k.id));
  if (mine.length === 0) return { collected: 0, perLoan };
  const ids = await postManyEntries(tx, {
    source: 'end_of_day',
    actor,
    audit: { action: 'loan.repay', targetType: 'loan' },
    entries: mine.map((m) => m.entry),
  });
  const rows = mine.map((m) => ({
    loan: m.p.id,
    reference: referenceOf(m.p.id),
    entry: ids.get(m.entry.reference)!,
    amount: m.p.collect,
    release: m.release,
    from: Number(m.p.pay_id),
    allocations: m.p.allocations,
    ...m.parts,
  }));
  const R = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(loan int, reference text, entry bigint,
    amount numeric, release numeric, "from" bigint, allocations jsonb, principal numeric, interest numeric,
    "interestReceivable" numeric, "interestFromSuspense" numeric, "penaltyReceivable" numeric,
    "penaltyFromSuspense" numeric, fee numeric, penalty numeric, prepayment numeric)`;
  // One statement for what only reads the rows (the rows parsed once): the provision released, once
  // per entry as provisionRelease records it; the instalments' paid parts; the repayment rows.
  await tx.execute(sql`with r as materialized (select * from ${R}),
    ins as (
      insert into loan_provision_releases (entry_id, loan_id, amount)
      select r.entry, r.loan, r.release from r where r.release is not null
      on conflict do nothing returning loan_id, amount),
    released as (
      update loans l set provision_held = l.provision_held - ins.amount from ins where l.id = ins.loan_id),
    paid as (
      update loan_instalments i set
        penalty_paid = i.penalty_paid + a.penalty, fee_paid = i.fee_paid + a.fee,
        interest_paid = i.interest_paid + a.interest, principal_paid = i.principal_paid + a.principal
      from (select r.loan, x.* from r
              cross join lateral jsonb_to_recordset(r.allocations)
                as x("instalmentNumber" int, penalty numeric, fee numeric, interest numeric, principal numeric)) a
     where i.loan_id = a.loan and i.instalment_number = a."instalmentNumber")
    insert into loan_repayments (loan_id, reference, channel, amount, principal, interest,
        interest_receivable, fee, penalty, prepayment, overpayment, allocations, replaced, from_account_id,
        till_session_id, entry_id, value_date, actor_id, actor_email, interest_from_suspense, penalty_receivable,
        penalty_from_suspense)
      select r.loan, r.reference, 'auto_debit', r.amount, r.principal, r.interest, r."interestReceivable", r.fee,
             r.penalty, r.prepayment, 'refuse', r.allocations, null, r."from", null, r.entry, current_business_date(),
             ${actor.id}::uuid, ${actor.email}, r."interestFromSuspense", r."penaltyReceivable", r."penaltyFromSuspense"
        from r order by r.loan`);
  // After the repayment rows (the database refuses one on a loan no longer Active): a loan with
  // nothing left unpaid on any instalment closes, as repayLoan closes it.
  await tx.execute(sql`update loans l set
      interest_receivable = l.interest_receivable - r."interestReceivable",
      interest_in_suspense = l.interest_in_suspense - r."interestFromSuspense",
      penalty_receivable = l.penalty_receivable - r."penaltyReceivable",
      penalty_in_suspense = l.penalty_in_suspense - r."penaltyFromSuspense",
      status = case when c.cleared then 'Closed' else l.status end,
      closed_on = case when c.cleared then current_business_date() else l.closed_on end
    from ${R} cross join lateral (select not exists (
        select 1 from loan_instalments i where i.loan_id = r.loan
           and (i.principal_paid < i.principal_due or i.interest_paid < i.interest_due
                or i.fee_paid < i.fee_due or i.penalty_paid < i.penalty_due)) as cleared) c
   where l.id = r.loan`);
  return { collected: mine.length, perLoan };
}
