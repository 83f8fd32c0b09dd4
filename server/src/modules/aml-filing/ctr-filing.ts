import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CTR_TEXT,
  type CtrFiling,
  type CtrFilingCreate,
  type CtrReport,
  type FiuSubmission,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { buildGoamlReport } from '../goaml/index.ts';
import { ctrGroupsSql, ctrTransactionsSql } from '../teller/index.ts';
import { addDays, ctrReportsCsv, currentBusinessDate } from './ctr-list.ts';
import { goamlReport, goamlTransaction, type FiledTransaction, type GoamlContext } from './goaml-map.ts';

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const FILING_COLUMNS = sql`id::text, reference, period, period_from::text as "periodFrom", period_to::text as "periodTo",
  reports, content_hash as "contentHash", prepared_by as "preparedBy",
  to_char(prepared_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "preparedAt",
  fiu_submitted_on::text as "fiuSubmittedOn", fiu_reference as "fiuReference", submitted_by as "submittedBy",
  to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submittedAt"`;

/** The days a request covers and the filing's reference: CTR-2026-03-02 for a day, CTR-2026-03 for a month. */
export function periodOf(p: CtrFilingCreate) {
  if (p.period === 'day') return { from: p.date, to: p.date, reference: `CTR-${p.date}` };
  const from = `${p.date.slice(0, 7)}-01`;
  const to = addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1);
  return { from, to, reference: `CTR-${p.date.slice(0, 7)}` };
}

export interface Preparer {
  id: string;
  email: string;
  ip: string | null;
}

/**
 * Prepares a filing: the CTRs of closed business days not filed before, frozen as rows (set-based,
 * from the teller's aggregate), the goAML XML and the CSV with the XML's SHA-256; its days recorded
 * so none is filed again. One preparation at a time (advisory lock), so two officers cannot both file
 * a day. Refuses a period that reaches the current business date (its figures can still change) or
 * that holds a day already filed (409 naming the days).
 */
export async function prepareCtrFiling(
  tx: Database,
  p: CtrFilingCreate,
  threshold: Record<'SLE' | 'USD', string>,
  ctx: Omit<GoamlContext, 'preparer' | 'preparedAt'>,
  by: Preparer,
): Promise<CtrFiling> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.ctrFiling})`);
  const { from, to, reference } = periodOf(p);
  const filed = await queryRows<{ d: string }>(
    tx,
    sql`select business_date::text as d from aml_ctr_filed_days
         where business_date between ${from}::date and ${to}::date order by 1 limit 10`,
  );
  if (filed.length)
    throw conflict(CTR_TEXT.alreadyFiled(filed.map((f) => f.d).join(', ')), { days: filed.map((f) => f.d) });

  if (to >= (await currentBusinessDate(tx))) throw conflict(CTR_TEXT.notClosed);
  // The CTRs of closed days cannot change any more: read once for the documents, then frozen as rows.
  const groups = sql`(${ctrGroupsSql({ from, to, threshold })}) g cross join lateral (${ctrTransactionsSql('g')}) x`;
  const rows = await queryRows<
    Omit<CtrReport, 'transactions'> & { transactions: FiledTransaction[]; rate: string | null }
  >(
    tx,
    sql`select g.business_date::text as "businessDate", g.cust_id as "custId", g.customer_name as "customerName",
               g.customer_branch as "customerBranch", g.currency, g.direction, g.total::text as total, g.n as count,
               ${reference}::text as "filingReference", x.transactions,
               -- goAML's amount_local: a foreign day at its mid rate, or the latest before it (ADR 0058).
               (select f.mid::text from fx_rates f where f.currency = g.currency and f.business_date <= g.business_date
                 order by f.business_date desc limit 1) as rate
          from ${groups} order by g.business_date, g.cust_id, g.currency, g.direction`,
  );
  const [now] = await queryRows<{ at: string }>(
    tx,
    sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
  );
  const xml = buildGoamlReport(
    goamlReport(
      { ...ctx, preparer: { email: by.email }, preparedAt: now!.at },
      {
        kind: 'CTR',
        entityReference: reference,
        transactions: rows.flatMap((r) =>
          r.transactions.map((t) => goamlTransaction(t, r.currency, String(r.custId), r.rate)),
        ),
        indicators: [],
      },
    ),
  );
  const csv = ctrReportsCsv(rows);
  const hash = sha256(xml);
  const [f] = await queryRows<{ id: string }>(
    tx,
    sql`insert into aml_ctr_filings (reference, period, period_from, period_to, reports, xml, csv, content_hash,
               prepared_by_id, prepared_by, prepared_at)
        values (${reference}, ${p.period}, ${from}::date, ${to}::date, ${rows.length}, ${xml}, ${csv}, ${hash},
               ${by.id}::uuid, ${by.email}, now())
        returning id::text`,
  );
  await tx.execute(sql`insert into aml_ctr_filed_days (business_date, filing_id)
      select d::date, ${f!.id}::uuid from generate_series(${from}::date, ${to}::date, interval '1 day') d`);
  await tx.execute(sql`insert into aml_ctr_filing_rows (filing_id, business_date, cust_id, currency, direction, total, count, transactions)
      select ${f!.id}::uuid, g.business_date, g.cust_id, g.currency, g.direction, g.total, g.n, x.transactions from ${groups}`);
  await writeAudit(tx, {
    action: 'aml.ctr_filing.prepare',
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'aml_ctr_filing',
    targetId: f!.id,
    details: { reference, from, to, reports: rows.length, contentHash: hash },
  });
  return (await ctrFiling(tx, f!.id))!;
}

export async function ctrFiling(db: Database, id: string): Promise<CtrFiling | undefined> {
  const [f] = await queryRows<CtrFiling>(
    db,
    sql`select ${FILING_COLUMNS} from aml_ctr_filings where id = ${id}::uuid`,
  );
  return f;
}

export async function ctrFilings(db: Database, w: PageWindow) {
  const rows = await queryRows<CtrFiling>(
    db,
    sql`select ${FILING_COLUMNS} from aml_ctr_filings order by prepared_at desc, id desc limit ${w.limit} offset ${w.offset}`,
  );
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from aml_ctr_filings`);
  return { rows, total: Number(n!.n) };
}

/** The frozen document, as stored at preparation; its hash is checked so a tampered copy is never served. */
export async function ctrFilingFile(db: Database, id: string, format: 'xml' | 'csv') {
  const [f] = await queryRows<{ reference: string; body: string; xml: string; hash: string }>(
    db,
    sql`select reference, ${format === 'xml' ? sql`xml` : sql`csv`} as body, xml, content_hash as hash
          from aml_ctr_filings where id = ${id}::uuid`,
  );
  if (!f) throw notFound(CTR_TEXT.notFound);
  if (sha256(f.xml) !== f.hash) throw conflict('The stored filing does not match its hash.');
  return f;
}

/** Records the FIU's acknowledgement once; the freeze trigger refuses a second time. */
export async function recordCtrSubmission(tx: Database, id: string, s: FiuSubmission, by: Preparer) {
  const [f] = await queryRows<{ fiuReference: string | null; preparedOn: string }>(
    tx,
    sql`select fiu_reference as "fiuReference", (prepared_at at time zone 'UTC')::date::text as "preparedOn"
          from aml_ctr_filings where id = ${id}::uuid for update`,
  );
  if (!f) throw notFound(CTR_TEXT.notFound);
  if (f.fiuReference !== null) throw conflict(CTR_TEXT.submittedTwice);
  if (s.submittedOn < f.preparedOn)
    throw conflict(CTR_TEXT.submittedBeforePrepared, [
      { path: '/submittedOn', message: CTR_TEXT.submittedBeforePrepared },
    ]);
  await tx.execute(sql`update aml_ctr_filings set fiu_submitted_on = ${s.submittedOn}::date,
      fiu_reference = ${s.reference}, submitted_by = ${by.email}, submitted_at = now() where id = ${id}::uuid`);
  await writeAudit(tx, {
    action: 'aml.ctr_filing.submitted',
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'aml_ctr_filing',
    targetId: id,
    details: { submittedOn: s.submittedOn, reference: s.reference },
  });
  return (await ctrFiling(tx, id))!;
}
