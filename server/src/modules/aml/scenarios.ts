import { sql, type SQL } from 'drizzle-orm';
import { FOREIGN_CURRENCIES, type AmlParams, type AmlScenario } from '@bankmanager/contracts';

/**
 * One SQL query per scenario: the customers a rule hits on business date `D`, as rows of
 * (customer_id, amount, currency, entry_ids, facts). Set-based over the day's journal entries
 * (journal_entries_business_date_idx), or over one customer's accounts when `cust` is given (the
 * teller's posting). Amounts are Leones, foreign-currency lines converted at the day's rate (ADR 0058).
 */
export interface ScenarioScope {
  date: string;
  cust?: number;
}

/**
 * Customer-account lines of business dates `from`..`D`, with their customer. `amount` is in Leones:
 * a foreign-currency line at the mid rate of its business day, or the latest rate before it (one rate
 * per currency and day, looked up once for the window); a line with no rate at all is left out, as a
 * threshold in Leones cannot judge it. `native_amount` is the account currency's own (ADR 0058).
 */
const lines = (s: ScenarioScope, from: SQL) => sql`
  with fx as (
    select c.currency, d::date as business_date,
           (select r.mid from fx_rates r where r.currency = c.currency and r.business_date <= d::date
             order by r.business_date desc limit 1) as mid
      from generate_series(${from}, ${s.date}::date, interval '1 day') d
     cross join (values ${sql.join(
       FOREIGN_CURRENCIES.map((c) => sql`(${c}::text)`),
       sql`, `,
     )}) c(currency))
  select t.entry_id, t.account_id, a.cust_id, a.currency,
         case when a.currency = 'SLE' then t.amount else round(t.amount * fx.mid, 2) end as amount,
         t.amount as native_amount, t.direction, e.business_date, e.source
    from journal_entries e
    join transactions t on t.entry_id = e.id
    join accounts a on a.id = t.account_id
    left join fx on fx.currency = a.currency and fx.business_date = e.business_date
   where e.business_date between ${from} and ${s.date}::date
     and (a.currency = 'SLE' or fx.mid is not null)
     ${s.cust !== undefined ? sql`and a.cust_id = ${s.cust}` : sql``}`;

const D = (s: ScenarioScope) => sql`${s.date}::date`;
const windowStart = (s: ScenarioScope, days: number) => sql`(${s.date}::date - ${days - 1}::int)`;

function structuring(s: ScenarioScope, p: AmlParams<'structuring'>): SQL {
  return sql`select l.cust_id as customer_id, sum(l.amount) as amount, 'SLE' as currency,
      array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('direction', l.direction, 'transactions', count(*), 'windowDays', ${p.windowDays}::int,
        'threshold', ${p.threshold}::text, 'largest', max(l.amount)::text) as facts
    from (${lines(s, windowStart(s, p.windowDays))}) l
   where l.source = 'teller' and l.amount < ${p.threshold}::numeric
   group by l.cust_id, l.direction
  having count(*) >= ${p.minTransactions}::int and sum(l.amount) >= ${p.threshold}::numeric
     and bool_or(l.business_date = ${D(s)})`;
}

function cashAggregation(s: ScenarioScope, p: AmlParams<'cash_aggregation'>): SQL {
  return sql`select l.cust_id as customer_id, sum(l.amount) as amount, 'SLE' as currency,
      array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('direction', l.direction, 'transactions', count(*), 'threshold', ${p.threshold}::text) as facts
    from (${lines(s, D(s))}) l
   where l.source = 'teller'
   group by l.cust_id, l.direction
  having count(*) >= ${p.minTransactions}::int and sum(l.amount) >= ${p.threshold}::numeric`;
}

function rapidMovement(s: ScenarioScope, p: AmlParams<'rapid_movement'>): SQL {
  return sql`select l.cust_id as customer_id, sum(l.amount) filter (where l.direction = 'debit') as amount,
      'SLE' as currency, array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('inflow', (sum(l.amount) filter (where l.direction = 'credit'))::text,
        'outflow', (sum(l.amount) filter (where l.direction = 'debit'))::text,
        'windowDays', ${p.windowDays}::int, 'outflowPercent', ${p.outflowPercent}::int) as facts
    from (${lines(s, windowStart(s, p.windowDays))}) l
   group by l.cust_id
  having coalesce(sum(l.amount) filter (where l.direction = 'credit'), 0) >= ${p.minInflow}::numeric
     and coalesce(sum(l.amount) filter (where l.direction = 'debit'), 0) * 100
         >= ${p.outflowPercent}::int * sum(l.amount) filter (where l.direction = 'credit')
     and bool_or(l.direction = 'debit' and l.business_date = ${D(s)})`;
}

function dormantAwakening(s: ScenarioScope, p: AmlParams<'dormant_awakening'>): SQL {
  // The account's last customer line before D (or its opening): quiet for quietDays, or marked Dormant.
  return sql`select l.cust_id as customer_id, sum(l.amount) as amount, 'SLE' as currency,
      array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('accounts', jsonb_agg(distinct q.account_number), 'lastActivity', min(q.last_activity)::text,
        'quietDays', ${p.quietDays}::int) as facts
    from (${lines(s, D(s))}) l
    cross join lateral (
      select a.account_number, a.status, coalesce((
        select e2.business_date from transactions t2 join journal_entries e2 on e2.id = t2.entry_id
         where t2.account_id = l.account_id and e2.business_date < ${D(s)}
         order by t2.posted_at desc, t2.id desc limit 1), a.opened_on) as last_activity
        from accounts a where a.id = l.account_id) q
   where l.amount >= ${p.minAmount}::numeric
     and (q.status = 'Dormant' or q.last_activity <= ${D(s)} - ${p.quietDays}::int)
   group by l.cust_id`;
}

function profileMismatch(s: ScenarioScope, p: AmlParams<'profile_mismatch'>): SQL {
  const ceilings = JSON.stringify(p.bandCeilings);
  return sql`select l.cust_id as customer_id, sum(l.amount) as amount, 'SLE' as currency,
      array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('incomeBand', min(c.profile->>'incomeBand'), 'windowDays', ${p.windowDays}::int,
        'multiple', ${p.multiple}::int, 'ceiling', min(${ceilings}::jsonb ->> (c.profile->>'incomeBand'))) as facts
    from (${lines(s, windowStart(s, p.windowDays))}) l
    join customers c on c.cust_id = l.cust_id
   where l.direction = 'credit' and c.profile ? 'incomeBand'
   group by l.cust_id
  having sum(l.amount) > ${p.multiple}::int * min((${ceilings}::jsonb ->> (c.profile->>'incomeBand'))::numeric)
     and bool_or(l.business_date = ${D(s)})`;
}

function highRiskActivity(s: ScenarioScope, p: AmlParams<'high_risk_activity'>): SQL {
  return sql`select l.cust_id as customer_id, sum(l.amount) as amount, 'SLE' as currency,
      array_agg(distinct l.entry_id) as entry_ids,
      jsonb_build_object('pep', bool_or(c.pep), 'risk', min(coalesce(c.risk_override, c.risk_rating)),
        'transactions', count(*), 'minAmount', ${p.minAmount}::text) as facts
    from (${lines(s, D(s))}) l
    join customers c on c.cust_id = l.cust_id
   where l.amount >= ${p.minAmount}::numeric and (c.pep or coalesce(c.risk_override, c.risk_rating) = 'high')
   group by l.cust_id`;
}

function manyCounterparties(s: ScenarioScope, p: AmlParams<'many_counterparties'>): SQL {
  // The payer of a credit: the customer debited in the same entry, else the person at the counter.
  return sql`select distinct on (x.cust_id) x.cust_id as customer_id, x.amount, 'SLE' as currency, x.entry_ids,
      jsonb_build_object('account', x.account_number, 'payers', x.payers, 'windowDays', ${p.windowDays}::int,
        'roundUnit', ${p.roundUnit}::text) as facts
    from (
      select l.cust_id, a.account_number, sum(l.amount) as amount, array_agg(distinct l.entry_id) as entry_ids,
             count(distinct coalesce(
               (select 'c' || a2.cust_id from transactions t2 join accounts a2 on a2.id = t2.account_id
                 where t2.entry_id = l.entry_id and t2.direction = 'debit' limit 1),
               (select 'p' || lower(tt.party_name) from teller_transactions tt where tt.entry_id = l.entry_id),
               'e' || l.entry_id)) as payers,
             bool_or(l.business_date = ${D(s)}) as today
        from (${lines(s, windowStart(s, p.windowDays))}) l
        join accounts a on a.id = l.account_id
       where l.direction = 'credit' and mod(l.native_amount, ${p.roundUnit}::numeric) = 0
       group by l.cust_id, a.account_number) x
   where x.today and x.payers >= ${p.minPayers}::int
   order by x.cust_id, x.payers desc`;
}

type Builder = (s: ScenarioScope, p: never) => SQL;
export const SCENARIO_SQL: Record<AmlScenario, Builder> = {
  structuring,
  cash_aggregation: cashAggregation,
  rapid_movement: rapidMovement,
  dormant_awakening: dormantAwakening,
  profile_mismatch: profileMismatch,
  high_risk_activity: highRiskActivity,
  many_counterparties: manyCounterparties,
};
