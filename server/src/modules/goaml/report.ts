import { el, opt, serialize, text, type XmlNode } from './xml.ts';

/**
 * What a goAML report carries (docs/decisions/0048-goaml-filing.md lists the elements filled and the
 * assumptions). The callers (CTR filings, STRs) map their rows to this; the builder knows no table.
 */
export interface GoamlPerson {
  firstName: string;
  lastName: string;
  idNumber?: string | null;
  birthdate?: string | null;
  nationality?: string | null;
  occupation?: string | null;
}

export interface GoamlAccount {
  institutionName: string;
  branch: string;
  account: string;
  currency: string;
  accountName: string;
  clientNumber?: string | null;
}

export interface GoamlTransaction {
  /** The bank's unique reference (journal entry reference). */
  number: string;
  internalRef?: string | null;
  /** Where it happened: the branch code and name. */
  location: string;
  description: string;
  /** ISO date or date-time; written as goAML's `YYYY-MM-DDThh:mm:ss`. */
  date: string;
  /** Decimal string in the local currency (a foreign-currency line converted at `foreign.rate`). */
  amountLocal: string;
  /** A line in a foreign currency: its own amount and the rate `amountLocal` was worked out at. */
  foreign?: { currency: string; amount: string; rate: string } | null;
  /** goAML conduction and funds code; cash (`K`) when not given. */
  transmode?: string;
  /** `in`: money into the client's account (cash deposit); `out`: out of it (cash withdrawal). */
  direction: 'in' | 'out';
  /** The person at the counter (or the other party). */
  person: GoamlPerson;
  account: GoamlAccount;
}

export interface GoamlReport {
  kind: 'STR' | 'CTR';
  /** The FIU's id of the reporting bank (setting GOAML_RENTITY_ID). */
  rentityId: string;
  /** The goAML schema version the FIU runs (setting GOAML_SCHEMA_VERSION). */
  schemaVersion: string;
  entityReference: string;
  /** ISO date-time of preparation. */
  submissionDate: string;
  currencyLocal: string;
  reportingPerson: { firstName: string; lastName: string; email: string; occupation: string };
  location: { address: string; city: string; countryCode: string };
  reason?: string | null;
  action?: string | null;
  transactions: GoamlTransaction[];
  indicators: string[];
}

/** goAML's funds and conduction code for cash (an assumption until the FIU's lookup tables are loaded). */
export const GOAML_CASH = 'K';
/** goAML's submission code for an electronic submission. */
export const GOAML_ELECTRONIC = 'E';

/** `2026-03-02` or an ISO instant → `2026-03-02T00:00:00` / `2026-03-02T10:11:12` (no zone, as goAML wants). */
export function goamlDateTime(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return `${iso}T00:00:00`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${iso}`);
  return d.toISOString().slice(0, 19);
}

const person = (name: string, p: GoamlPerson): XmlNode =>
  el(name, [
    text('first_name', p.firstName),
    text('last_name', p.lastName),
    opt('birthdate', p.birthdate ? goamlDateTime(p.birthdate) : null),
    opt('id_number', p.idNumber),
    opt('nationality1', p.nationality),
    opt('occupation', p.occupation),
  ]);

const account = (name: string, a: GoamlAccount): XmlNode =>
  el(name, [
    text('institution_name', a.institutionName),
    text('branch', a.branch),
    text('account', a.account),
    text('currency_code', a.currency),
    text('account_name', a.accountName),
    opt('client_number', a.clientNumber),
  ]);

/** Both sides of a foreign-currency line move that currency (dollars in, into a dollar account). */
const foreignCurrency = (name: string, f: GoamlTransaction['foreign']): XmlNode | null =>
  f
    ? el(name, [
        text('foreign_currency_code', f.currency),
        text('foreign_amount', f.amount),
        text('foreign_exchange_rate', f.rate),
      ])
    : null;

function transaction(t: GoamlTransaction, countryCode: string): XmlNode {
  const mode = t.transmode ?? GOAML_CASH;
  // Cash in: the person at the counter gives cash (not our client's side) into our client's account.
  const sides =
    t.direction === 'in'
      ? [
          el('t_from', [
            text('from_funds_code', mode),
            foreignCurrency('from_foreign_currency', t.foreign),
            person('from_person', t.person),
            text('from_country', countryCode),
          ]),
          el('t_to_my_client', [
            text('to_funds_code', mode),
            foreignCurrency('to_foreign_currency', t.foreign),
            account('to_account', t.account),
            text('to_country', countryCode),
          ]),
        ]
      : [
          el('t_from_my_client', [
            text('from_funds_code', mode),
            foreignCurrency('from_foreign_currency', t.foreign),
            account('from_account', t.account),
            text('from_country', countryCode),
          ]),
          el('t_to', [
            text('to_funds_code', mode),
            foreignCurrency('to_foreign_currency', t.foreign),
            person('to_person', t.person),
            text('to_country', countryCode),
          ]),
        ];
  return el('transaction', [
    text('transactionnumber', t.number),
    opt('internal_ref_number', t.internalRef),
    text('transaction_location', t.location),
    text('transaction_description', t.description),
    text('date_transaction', goamlDateTime(t.date)),
    text('transmode_code', mode),
    text('amount_local', t.amountLocal),
    ...sides,
  ]);
}

/** The goAML XML of one report (STR or CTR): elements in the schema's order, text escaped. */
export function buildGoamlReport(r: GoamlReport): string {
  const root = el('report', [
    text('rentity_id', r.rentityId),
    text('submission_code', GOAML_ELECTRONIC),
    text('report_code', r.kind),
    text('entity_reference', r.entityReference),
    text('submission_date', goamlDateTime(r.submissionDate)),
    text('currency_code_local', r.currencyLocal),
    el('reporting_person', [
      text('first_name', r.reportingPerson.firstName),
      text('last_name', r.reportingPerson.lastName),
      text('email', r.reportingPerson.email),
      text('occupation', r.reportingPerson.occupation),
    ]),
    el('location', [
      text('address_type', 'B'),
      text('address', r.location.address),
      text('city', r.location.city),
      text('country_code', r.location.countryCode),
    ]),
    opt('reason', r.reason),
    opt('action', r.action),
    ...r.transactions.map((t) => transaction(t, r.location.countryCode)),
    r.indicators.length
      ? el(
          'report_indicators',
          r.indicators.map((i) => text('indicator', i)),
        )
      : null,
  ]);
  return serialize(root, `goAML schema ${r.schemaVersion}`);
}
