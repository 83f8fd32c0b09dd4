import { sql } from 'drizzle-orm';
import { BANK_NAME, STR_GROUNDS, type StrGround, type StrReport } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { buildGoamlReport, type GoamlTransaction } from '../goaml/index.ts';
import { sha256 } from './ctr-filing.ts';
import { goamlAmount, goamlReport, splitName, type GoamlContext } from './goaml-map.ts';

type Line = {
  reference: string;
  entryId: string;
  branch: string;
  accountNumber: string;
  currency: string;
  amount: string;
  direction: 'credit' | 'debit';
  description: string;
  postedAt: string;
  source: string;
  /** The mid rate of a foreign-currency line's business day (or the latest before it), for goAML. */
  rate: string | null;
};

/**
 * The STR's goAML XML: the subject as the person on the other side of each of their account lines
 * named in the report, the narrative as `reason`, what the bank did as `action`, the grounds as
 * indicators. Built once, when the MLRO approves; the stored copy is what is downloaded ever after.
 */
export async function strXml(tx: Database, s: StrReport, ctx: GoamlContext): Promise<string> {
  const [subject] = await queryRows<{ name: string; idNumber: string | null; dob: string | null }>(
    tx,
    sql`select name, id_number as "idNumber", date_of_birth::text as dob from customers where cust_id = ${s.custId}`,
  );
  const lines = s.transactions.length
    ? await queryRows<Line>(
        tx,
        sql`select t.reference, t.entry_id::text as "entryId", a.branch_code as branch, a.account_number as "accountNumber",
                   a.currency, t.amount::text as amount, t.direction, t.description, e.source,
                   to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "postedAt",
                   (select f.mid::text from fx_rates f where f.currency = a.currency
                       and f.business_date <= e.business_date order by f.business_date desc limit 1) as rate
              from transactions t join accounts a on a.id = t.account_id join journal_entries e on e.id = t.entry_id
             where a.cust_id = ${s.custId}
               and e.reference in (${sql.join(
                 s.transactions.map((r) => sql`${r}`),
                 sql`, `,
               )})
             order by t.posted_at, t.id`,
      )
    : [];
  const person = { ...splitName(subject?.name ?? '-'), idNumber: subject?.idNumber, birthdate: subject?.dob };
  const transactions: GoamlTransaction[] = lines.map((l) => ({
    number: l.reference,
    internalRef: l.entryId,
    location: l.branch,
    description: l.description,
    date: l.postedAt,
    ...goamlAmount(l.amount, l.currency, l.rate),
    // Cash at the counter is K; anything else is reported as a transfer (A), an assumption (ADR 0048).
    transmode: l.source === 'teller' ? 'K' : 'A',
    direction: l.direction === 'credit' ? 'in' : 'out',
    person,
    account: {
      institutionName: BANK_NAME,
      branch: l.branch,
      account: l.accountNumber,
      currency: l.currency,
      accountName: subject?.name ?? '-',
      clientNumber: String(s.custId),
    },
  }));
  return buildGoamlReport(
    goamlReport(ctx, {
      kind: 'STR',
      entityReference: s.reference,
      reason: s.narrative,
      action: s.action || null,
      transactions,
      indicators: s.grounds,
    }),
  );
}

/** The approved STR: XML and hash stored, status approved (the freeze trigger holds it from then on). */
export async function freezeStr(tx: Database, s: StrReport, xml: string, checkerEmail: string) {
  await tx.execute(sql`update aml_str_reports set status = 'approved', approved_by = ${checkerEmail},
      approved_at = now(), xml = ${xml}, content_hash = ${sha256(xml)} where id = ${s.id}::uuid`);
}

export const groundLabels = (codes: string[]) =>
  codes.map((c) => `${c}: ${STR_GROUNDS[c as StrGround] ?? c}`);
