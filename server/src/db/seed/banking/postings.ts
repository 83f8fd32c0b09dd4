import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { accountFacts, postingKey, signedCents, toMoney } from './amounts.ts';
import { pick, textArray, type Rng } from './prng.ts';
import * as V from './vocabulary.ts';

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
 * Generates `t` postings for every account that is not Closed, in one INSERT … SELECT. Postings are
 * spread over the last year (or since opening) in strictly increasing time; balance_after is a
 * window sum in (account, k) order, and ids follow the same order, so the history index sees
 * exactly the order the invariants define.
 */
export async function insertPostings(tx: Database, rng: Rng, asOf: string, t: number): Promise<void> {
  await tx.execute(postingsSql(rng, asOf, t));
}

export function postingsSql(rng: Rng, asOf: string, t: number): SQL {
  const k = sql`k.k`;
  const signed = signedCents(rng, k, t);
  // Window start: the opening date, or a year back for older accounts ("balance brought forward").
  const startDay = sql`greatest(a.opened_on, ${asOf}::date - 365)`;
  const slot = sql`((${asOf}::date - ${startDay}) * 86400 / ${t})`;
  const postedAt = sql`((${startDay})::timestamp + ((${k} - 1) * ${slot} + ${rng(postingKey(k), 131, 1_000_000_000)} % greatest(${slot}, 1)) * interval '1 second') at time zone 'UTC'`;
  return sql`
    insert into transactions (id, account_id, posted_at, value_date, description, amount, direction, balance_after, reference)
    select p.id, p.account_id, p.posted_at, (p.posted_at at time zone 'UTC')::date, p.description,
           ${toMoney(sql`abs(p.signed)`)}, case when p.signed > 0 then 'credit' else 'debit' end,
           ${toMoney(sql`p.running`)}, 'TX' || lpad(p.id::text, 12, '0')
    from (
      select row_number() over (order by a.id, ${k}) as id, a.id as account_id, ${postedAt} as posted_at,
             s.signed, sum(s.signed) over (partition by a.id order by ${k}) as running,
             ${describe(rng, k, sql`s.signed`, asOf)} as description
      from (select * from accounts where status <> 'Closed' order by id) a
      cross join lateral ${accountFacts(rng)} o
      cross join lateral generate_series(1, ${t}::int) as k(k)
      cross join lateral (select ${signed} as signed) s
    ) p`;
}
