import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { accountFacts, postingKey, signedCents, toMoney } from './amounts.ts';
import { pick, textArray, type Rng } from './prng.ts';
import * as V from './vocabulary.ts';
import type { CustomerRange } from './range.ts';
import { ACCOUNTS_PER_CUSTOMER_MAX, accountIdsOf } from './accounts.ts';

function describe(rng: Rng, k: SQL, signed: SQL, asOf: string): SQL {
  const key = postingKey(k);
  const from = (list: readonly string[], stream: number) =>
    pick(textArray(list), list.length, rng, key, stream);
  return sql`case
      when ${k} = 1 then case when a.account_type = 'Loan' then 'Loan disbursement'
                              when a.opened_on >= ${asOf}::date - 365 then 'Opening deposit'
                              else 'Balance brought forward' end
      when a.account_type = 'Loan' then case when ${signed} > 0 then 'Loan repayment' else 'Loan interest charged' end
      when a.account_type = 'Fixed Deposit' then 'Fixed deposit interest'
      when a.account_type = 'Mobile Wallet' then case when ${signed} > 0 then ${from(V.WALLET_CREDITS, 120)} else ${from(V.WALLET_DEBITS, 121)} end
      else case when ${signed} > 0 then ${from(V.DEPOSIT_CREDITS, 122)} else ${from(V.DEPOSIT_DEBITS, 123)} end
    end`;
}

/**
 * The seed's journal entries are batches, as a branch's day looks in the books: one entry per branch,
 * day and kind holds that day's customer postings of that kind, and one line per currency on the GL
 * account of the kind carries their net. The entry id encodes (day, branch, kind).
 */
export const SEED_ENTRY_KINDS = [
  {
    kind: 0,
    narration: 'Teller and counter postings',
    gl: `'1020-' || lpad(((e.id / 4) % 1000)::text, 3, '0')`,
  },
  { kind: 1, narration: 'Balances brought forward', gl: `'3090'` },
  { kind: 2, narration: 'Loan interest charged', gl: `'4010'` },
  { kind: 3, narration: 'Fixed deposit interest', gl: `'5010'` },
] as const;

/**
 * The entries and their GL lines for the postings just generated (set-based, after insertPostings),
 * for the entries whose id is `shard` modulo `shards`: an entry spans customers, so connections
 * share this work by entry, not by customer range.
 */
export async function insertSeedEntries(tx: Database, shard = 0, shards = 1): Promise<void> {
  const narration = sql.raw(
    `case e.id % 4 ${SEED_ENTRY_KINDS.map((k) => `when ${k.kind} then '${k.narration}'`).join(' ')} end`,
  );
  const gl = sql.raw(
    `case e.id % 4 ${SEED_ENTRY_KINDS.map((k) => `when ${k.kind} then ${k.gl}`).join(' ')} end`,
  );
  const mine = sql`t.entry_id % ${shards} = ${shard}`;
  await tx.execute(sql`
    insert into journal_entries (id, business_date, value_date, narration, source, reference, posted_at)
    select e.id, e.d, e.d, ${narration}, 'seed', 'SEED-' || e.id, e.at
    from (select entry_id as id, min(value_date) as d, max(posted_at) as at from transactions t where ${mine} group by entry_id) e`);
  await tx.execute(sql`
    insert into gl_lines (entry_id, gl_code, currency, side, amount)
    select e.id, ${gl}, e.currency, case when e.net > 0 then 'debit' else 'credit' end, abs(e.net)
    from (select t.entry_id as id, a.currency, sum(case t.direction when 'credit' then t.amount else -t.amount end) as net
          from transactions t join accounts a on a.id = t.account_id where ${mine} group by t.entry_id, a.currency) e
    where e.net <> 0`);
}

/**
 * GL line ids come from the transactions sequence (unique line ids across both tables). The seed's
 * posting ids stay below 3 accounts × customers × postings per account, so its GL lines start above.
 */
export async function reserveGlLineIds(tx: Database, customers: number, t: number): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('transactions', 'id'), ${ACCOUNTS_PER_CUSTOMER_MAX * customers * t + 1}::bigint, false)`,
  );
}

/**
 * Generates `t` postings for every account of the range that is not Closed, in one INSERT … SELECT.
 * Postings are spread over the last year (or since opening) in strictly increasing time;
 * balance_after is a window sum in (account, k) order, and ids follow the same order, so the history
 * index sees exactly the order the invariants define. Every open account has exactly `t` postings,
 * so a range's ids start after t × the open accounts before it, whichever connection loads it.
 */
export async function insertPostings(
  tx: Database,
  rng: Rng,
  asOf: string,
  t: number,
  range: CustomerRange,
): Promise<void> {
  const ids = await postingIds(tx, t, range);
  await tx.execute(postingsSql(rng, asOf, t, range, ids.from));
}

/** The ids insertPostings gives the range's postings (from > to when it has none). */
async function postingIds(
  tx: Database,
  t: number,
  range: CustomerRange,
): Promise<{ from: number; to: number }> {
  const { first, last } = accountIdsOf(range);
  const [row] = await queryRows<{ before: string; inside: string }>(
    tx,
    sql`select count(*) filter (where id < ${first}) as before, count(*) filter (where id >= ${first}) as inside
        from accounts where status <> 'Closed' and id <= ${last}`,
  );
  const before = Number(row!.before);
  return { from: before * t + 1, to: (before + Number(row!.inside)) * t };
}

function postingsSql(rng: Rng, asOf: string, t: number, range: CustomerRange, firstPostingId: number): SQL {
  const k = sql`k.k`;
  const signed = signedCents(rng, k, t);
  // Window start: the opening date, or a year back for older accounts ("balance brought forward").
  const startDay = sql`greatest(a.opened_on, ${asOf}::date - 365)`;
  const slot = sql`((${asOf}::date - ${startDay}) * 86400 / ${t})`;
  // One journal entry per branch, day and kind (see SEED_ENTRY_KINDS): its id is this key.
  const kind = sql`case p.description when 'Balance brought forward' then 1 when 'Loan interest charged' then 2
                     when 'Fixed deposit interest' then 3 else 0 end`;
  const entryKey = sql`((((p.posted_at at time zone 'UTC')::date - date '2000-01-01') * 1000 + p.branch_code::int) * 4 + ${kind})`;
  const postedAt = sql`((${startDay})::timestamp + ((${k} - 1) * ${slot} + ${rng(postingKey(k), 131, 1_000_000_000)} % greatest(${slot}, 1)) * interval '1 second') at time zone 'UTC'`;
  const { first, last } = accountIdsOf(range);
  // Each account's last customer activity (end of day's dormancy, eod_backfill_activity's meaning) is
  // taken from the rows as they go in rather than by reading 7,000,000 postings back: every seed entry
  // is customer activity (is_customer_activity('seed', …)), its business date is its postings' value
  // date, and all of an account's postings are in its customer's range.
  return sql`
    with posted as (
    insert into transactions (id, account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
    select p.id, p.account_id, p.posted_at, (p.posted_at at time zone 'UTC')::date, p.description,
           ${toMoney(sql`abs(p.signed)`)}, case when p.signed > 0 then 'credit' else 'debit' end,
           ${toMoney(sql`p.running`)}, 'SEED-' || ${entryKey}, ${entryKey}
    from (
      select ${firstPostingId - 1}::bigint + row_number() over (order by a.id, ${k}) as id, a.id as account_id, a.branch_code,
             ${postedAt} as posted_at, s.signed, sum(s.signed) over (partition by a.id order by ${k}) as running,
             ${describe(rng, k, sql`s.signed`, asOf)} as description
      from (select * from accounts where status <> 'Closed' and id between ${first} and ${last} order by id) a
      cross join lateral ${accountFacts(rng)} o
      cross join lateral generate_series(1, ${t}::int) as k(k)
      cross join lateral (select ${signed} as signed offset 0) s -- once per posting, however often read
    ) p
    returning account_id, value_date)
    insert into account_activity (account_id, last_customer_activity)
    select account_id, max(value_date) from posted group by account_id`;
}
