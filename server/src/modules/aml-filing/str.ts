import { sql } from 'drizzle-orm';
import { STR_TEXT, type StrDraft, type StrListQuery, type StrReport } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { caseCustomer } from './case-link.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

const iso = (col: string) => sql.raw(`to_char(s.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const COLUMNS = sql`s.id::text, s.reference, s.case_id::text as "caseId", s.cust_id as "custId",
  coalesce(c.name, '') as "customerName", s.status, s.accounts, s.transactions, s.grounds, s.narrative, s.action,
  s.prepared_by as "preparedBy", ${iso('prepared_at')} as "preparedAt", s.approval_id::text as "approvalId",
  s.approved_by as "approvedBy", ${iso('approved_at')} as "approvedAt", s.content_hash as "contentHash",
  s.fiu_submitted_on::text as "fiuSubmittedOn", s.fiu_reference as "fiuReference"`;
const FROM = sql`aml_str_reports s left join customers c on c.cust_id = s.cust_id`;

export async function strReport(db: Database, id: string, lock = false): Promise<StrReport> {
  const [s] = await queryRows<StrReport>(
    db,
    sql`select ${COLUMNS} from ${FROM} where s.id = ${id}::uuid ${lock ? sql`for update of s` : sql``}`,
  );
  if (!s) throw notFound(STR_TEXT.notFound);
  return s;
}

/** STRs newest first; `w` pages them, or every match comes back (the CSV). */
export async function strReports(db: Database, q: StrListQuery, w?: PageWindow) {
  const parts = [q.status ? sql`s.status = ${q.status}` : sql`true`];
  if (q.q) {
    const like = containsPattern(q.q);
    parts.push(sql`(s.reference ilike ${like} or c.name ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const rows = await queryRows<StrReport>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${where}
         order by s.prepared_at desc, s.id desc ${w ? sql`limit ${w.limit} offset ${w.offset}` : sql``}`,
  );
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`);
  return { rows, total: Number(n!.n) };
}

/**
 * Checks a draft's structured fields against the books: the case exists and is about the subject,
 * the subject exists, each account is the subject's and each transaction
 * is on one of the subject's accounts. 400 naming the field otherwise.
 */
export async function checkDraft(tx: Database, d: StrDraft): Promise<void> {
  const onCase = await caseCustomer(tx, d.caseId);
  if (onCase === undefined)
    throw badRequest(STR_TEXT.caseNotFound, [{ path: '/caseId', message: STR_TEXT.caseNotFound }]);
  if (onCase !== String(d.custId))
    throw badRequest('The subject is not the case’s customer', [
      { path: '/custId', message: 'not the case’s customer' },
    ]);
  const [c] = await queryRows<{ id: number }>(
    tx,
    sql`select cust_id as id from customers where cust_id = ${d.custId}`,
  );
  if (!c) throw badRequest('No such customer', [{ path: '/custId', message: 'no such customer' }]);
  if (d.accounts.length) {
    const found = await queryRows<{ n: string }>(
      tx,
      sql`select account_number as n from accounts where cust_id = ${d.custId}
           and account_number in (${sql.join(
             d.accounts.map((a) => sql`${a}`),
             sql`, `,
           )})`,
    );
    const have = new Set(found.map((f) => f.n));
    const i = d.accounts.findIndex((a) => !have.has(a));
    if (i >= 0)
      throw badRequest(STR_TEXT.unknownAccount(d.accounts[i]!), [
        { path: `/accounts/${i}`, message: 'not the subject’s' },
      ]);
  }
  if (d.transactions.length) {
    const found = await queryRows<{ r: string }>(
      tx,
      sql`select distinct t.reference as r from transactions t join accounts a on a.id = t.account_id
           where a.cust_id = ${d.custId}
             and t.entry_id in (select e.id from journal_entries e
                                 where e.reference in (${sql.join(
                                   d.transactions.map((r) => sql`${r}`),
                                   sql`, `,
                                 )}))`,
    );
    const have = new Set(found.map((f) => f.r));
    const i = d.transactions.findIndex((r) => !have.has(r));
    if (i >= 0)
      throw badRequest(STR_TEXT.unknownTransaction(d.transactions[i]!), [
        { path: `/transactions/${i}`, message: 'not on the subject’s accounts' },
      ]);
  }
}

export async function insertDraft(
  tx: Database,
  d: StrDraft,
  by: { id: string; email: string },
): Promise<string> {
  const [s] = await queryRows<{ id: string }>(
    tx,
    sql`insert into aml_str_reports (reference, case_id, cust_id, accounts, transactions, grounds, narrative, action,
               prepared_by_id, prepared_by)
        values ('STR-' || to_char(current_business_date(), 'YYYY') || '-' || lpad(nextval('aml_str_reference_seq')::text, 6, '0'),
               ${d.caseId}::uuid, ${d.custId}, ${JSON.stringify(d.accounts)}::jsonb, ${JSON.stringify(d.transactions)}::jsonb,
               ${JSON.stringify(d.grounds)}::jsonb, ${d.narrative}, ${d.action}, ${by.id}::uuid, ${by.email})
        on conflict (case_id) where status in ('draft', 'pending_approval') do nothing
        returning id::text`,
  );
  if (!s) throw conflict(STR_TEXT.openDraft);
  return s.id;
}

export async function updateDraft(tx: Database, id: string, d: StrDraft): Promise<void> {
  const s = await strReport(tx, id, true);
  if (s.status !== 'draft') throw conflict(STR_TEXT.notDraft);
  if (s.caseId !== d.caseId)
    throw badRequest('A draft stays with its case', [{ path: '/caseId', message: 'not this draft’s case' }]);
  await tx.execute(sql`update aml_str_reports set cust_id = ${d.custId}, accounts = ${JSON.stringify(d.accounts)}::jsonb,
      transactions = ${JSON.stringify(d.transactions)}::jsonb, grounds = ${JSON.stringify(d.grounds)}::jsonb,
      narrative = ${d.narrative}, action = ${d.action} where id = ${id}::uuid`);
}
