import {
  BANK_NAME,
  convertAmount,
  TELLER_CASH_OUT_KINDS,
  type CtrReportTransaction,
  type Currency,
  type TellerTransactionKind,
} from '@bankmanager/contracts';
import type { GoamlPerson, GoamlReport, GoamlTransaction } from '../goaml/index.ts';

/** What the builder needs that is the bank's, not the report's (settings and the preparer). */
export interface GoamlContext {
  schemaVersion: string;
  rentityId: string;
  preparer: { email: string; name?: string | null };
  preparedAt: string;
}

/** The bank's address goAML asks for: the head office (an assumption until the FIU's profile is set). */
export const HEAD_OFFICE = { address: 'Head office', city: 'Freetown', countryCode: 'SL' } as const;

/**
 * A name as goAML's first and last name: the last word is the last name (an assumption: the counter
 * records one name field; a single word is both).
 */
export function splitName(name: string): GoamlPerson {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '-', lastName: words[0] ?? '-' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

/** The reporting person: the staff member who prepared it, named from the part of the address before @. */
function reportingPerson(c: GoamlContext) {
  const person = splitName(c.preparer.name ?? c.preparer.email.split('@')[0]!.replace(/[._-]+/g, ' '));
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: c.preparer.email,
    occupation: 'Compliance Officer',
  };
}

/**
 * A line's amount as goAML wants it: `amount_local` in Leones, and for a foreign-currency line its own
 * amount and the day's mid rate beside it (ADR 0058's rate: the mid of its business day, or the latest
 * before it). A foreign line with no rate at all stays in its own currency, as the rules judge it alone.
 */
export function goamlAmount(
  amount: string,
  currency: string,
  rate: string | null | undefined,
): Pick<GoamlTransaction, 'amountLocal' | 'foreign'> {
  if (currency === 'SLE' || !rate) return { amountLocal: amount, foreign: null };
  return {
    amountLocal: convertAmount(amount, rate, currency as Currency, 'SLE'),
    foreign: { currency, amount, rate },
  };
}

export type FiledTransaction = CtrReportTransaction & { kind: TellerTransactionKind; accountName: string };

const DESCRIPTION: Record<TellerTransactionKind, string> = {
  deposit: 'Cash deposit',
  withdrawal: 'Cash withdrawal',
  loan_repayment: 'Cash loan repayment',
  loan_disbursement: 'Cash loan disbursement',
};

export function goamlTransaction(
  t: FiledTransaction,
  currency: string,
  clientNumber: string,
  rate: string | null,
): GoamlTransaction {
  return {
    number: t.reference,
    internalRef: t.entryId,
    location: t.branch,
    description: DESCRIPTION[t.kind],
    date: t.postedAt,
    ...goamlAmount(t.amount, currency, rate),
    direction: (TELLER_CASH_OUT_KINDS as readonly string[]).includes(t.kind) ? 'out' : 'in',
    person: { ...splitName(t.partyName), idNumber: t.partyIdNumber || null },
    account: {
      institutionName: BANK_NAME,
      branch: t.branch,
      account: t.accountNumber,
      currency,
      accountName: t.accountName,
      clientNumber,
    },
  };
}

export function goamlReport(
  c: GoamlContext,
  r: Pick<GoamlReport, 'kind' | 'entityReference' | 'reason' | 'action' | 'transactions' | 'indicators'>,
): GoamlReport {
  return {
    ...r,
    rentityId: c.rentityId,
    schemaVersion: c.schemaVersion,
    submissionDate: c.preparedAt,
    currencyLocal: 'SLE',
    reportingPerson: reportingPerson(c),
    location: HEAD_OFFICE,
  };
}
