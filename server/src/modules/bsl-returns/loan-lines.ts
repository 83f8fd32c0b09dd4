import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { accountsAsOf } from '../../db/accounts-as-of.ts';
import type { BaseFigure } from './figures.ts';

/**
 * `loan` lines: the loan book's month-end snapshot (`loan_daily_status`, written by end of day per loan
 * and date) summed per line and currency over the loans whose class, economic sector (the
 * application's) or borrower's customer type is one of the line's values.
 *
 * The snapshot read is the newest one taken within the month up to `date`: a calendar month end that
 * was not a business day has no end of day of its own, and nothing can be posted on a day that is not
 * one. A month without any end of day reads no loans, and the GL check shows the difference.
 *
 * Loan accounts under the portfolio GL (141x) with no loan-book record (opened as plain Loan accounts,
 * or taken over from an earlier system) have no class, schedule or application: they count by their
 * balance at the end of `date` as class `unclassified` and sector `unrecorded`, so each total still
 * equals the GL and the return shows how much of the book is not classified rather than hiding it.
 *
 * The day's rows (one range of the snapshot's primary key) are first grouped by currency, class,
 * sector and customer type — a few hundred groups at most — and only those are matched to the lines.
 */
export async function loanFigures(db: Database, date: string): Promise<BaseFigure[]> {
  return queryRows<BaseFigure & Record<string, unknown>>(
    db,
    sql`with ${accountsAsOf(date)},
        day as (
          select max(business_date) as d from loan_daily_status
           where business_date between date_trunc('month', ${date}::date)::date and ${date}::date),
        book as (
          select l.currency, s.loan_class, a.sector, c.type as customer_type,
                 sum(s.principal_outstanding) as principal,
                 sum(s.interest_in_suspense + s.penalty_in_suspense) as suspense,
                 sum(s.provision_held) as provision
            from day join loan_daily_status s on s.business_date = day.d
            join loans l on l.id = s.loan_id
            join loan_applications a on a.id = l.application_id
            join customers c on c.cust_id = l.cust_id
           group by l.currency, s.loan_class, a.sector, c.type
          union all
          select acc.currency, 'unclassified', 'unrecorded', acc.customer_type, sum(acc.net), 0, 0
            from acc
           where acc.ledger_code like '141%' and not exists (select 1 from loans l where l.account_id = acc.id)
           group by acc.currency, acc.customer_type)
        select l.template_code as template, l.line_code as line, b.currency,
               sum(case l.loan_figure when 'principal' then b.principal
                                      when 'suspense' then b.suspense
                                      else b.provision end)::numeric(18,2)::text as amount
          from return_template_lines l
          join book b on (case l.attribute when 'loan_class' then b.loan_class
                                           when 'loan_sector' then b.sector
                                           else b.customer_type end) = any (l.attribute_values)
         where l.kind = 'loan'
         group by l.template_code, l.line_code, b.currency`,
  );
}
