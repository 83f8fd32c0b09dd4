import { sql, type SQL } from 'drizzle-orm';
import type { Approvals } from '../approvals/index.ts';

/**
 * A loan as the inbox names it: its account number and its borrower ("1010000000456 (Aminata
 * Conteh)"), the two things a checker recognises it by; a request's subject id is the loan's id.
 */
export const loanSubjectName = (subjectId: SQL): SQL =>
  sql`(select a.account_number || ' (' || c.name || ')'
         from loans l join accounts a on a.id = l.account_id join customers c on c.cust_id = a.cust_id
        where l.id = case when ${subjectId} ~ '^[0-9]{1,9}$' then ${subjectId}::int end)`;

/** Names the requests about one loan (a manual downgrade, a restructuring) in the inbox. */
export function registerLoanSubjectNames(approvals: Approvals): void {
  approvals.nameSubjects('loan', ({ subjectId }) => loanSubjectName(subjectId));
}
