import { BRANCHES } from '../branches.ts';
import { formatPhone } from '../format.ts';
import {
  INCOME_BAND_LABELS,
  PERSONAL_ID_LABELS,
  SECTOR_CODES,
  type IncomeBand,
  type PersonalIdType,
  type SectorCode,
  type SourceOfFunds,
} from './reference-data.ts';

/**
 * How the customer 360 reads a record: labels for coded values and the order of its groups. Staff
 * check a customer against the documents in front of them, so they read "National ID (NIN)" and
 * "Business income", never `national_id` or `business`.
 */
export const SOURCE_OF_FUNDS_LABELS: Record<SourceOfFunds, string> = {
  salary: 'Salary',
  business: 'Business income',
  farming: 'Farming',
  remittance: 'Remittances from abroad',
  pension: 'Pension',
  investments: 'Investments',
  other: 'Other',
};

export const GENDER_LABELS: Record<string, string> = { female: 'Female', male: 'Male' };

/** "Branch 001 Head Office, Siaka Stevens Street"; an unknown code as "Branch 123". */
export function branchLabel(code: string): string {
  const b = BRANCHES.find((x) => x.code === code);
  return b ? `Branch ${b.code} ${b.name}` : `Branch ${code}`;
}

const CODED: Record<string, (v: string) => string | undefined> = {
  idType: (v) =>
    PERSONAL_ID_LABELS[v as PersonalIdType] ??
    (v === 'business_registration' ? 'Business registration' : undefined),
  incomeBand: (v) => INCOME_BAND_LABELS[v as IncomeBand],
  sourceOfFunds: (v) => SOURCE_OF_FUNDS_LABELS[v as SourceOfFunds],
  gender: (v) => GENDER_LABELS[v],
  sectorCode: (v) => SECTOR_CODES[v as SectorCode]?.label,
  branch: branchLabel,
  mobile: formatPhone,
  'nextOfKin.mobile': formatPhone,
};

/** A record field's value as shown: a coded value by its label, anything else unchanged. */
export function customerValueLabel(path: string, value: string): string {
  return CODED[path]?.(value) ?? value;
}

/** The 360's groups in reading order; a field in none of them goes to "Other". */
export const CUSTOMER_FIELD_GROUPS: readonly { title: string; fields: readonly string[] }[] = [
  {
    title: 'Identity',
    fields: [
      'title',
      'firstName',
      'middleName',
      'lastName',
      'gender',
      'dateOfBirth',
      'nationality',
      'pep',
      'guardianId',
      'registeredName',
      'registrationNumber',
      'tin',
      'sectorCode',
      'incorporatedOn',
      'country',
      'jointName',
      'mandate',
    ],
  },
  { title: 'Contact', fields: ['mobile', 'email'] },
  { title: 'Address', fields: ['address.line1', 'address.line2', 'address.town', 'address.district'] },
  { title: 'ID document', fields: ['idType', 'idNumber', 'idIssuedOn', 'idExpiresOn'] },
  { title: 'Employment and funds', fields: ['occupation', 'employer', 'incomeBand', 'sourceOfFunds'] },
  { title: 'Next of kin', fields: ['nextOfKin.name', 'nextOfKin.relationship', 'nextOfKin.mobile'] },
];

/** The record's fields (flattened paths) sorted into the groups, empty groups left out. */
export function groupCustomerFields<V>(
  entries: readonly [string, V][],
): { title: string; entries: [string, V][] }[] {
  const byPath = new Map(entries);
  const placed = new Set<string>();
  const groups = CUSTOMER_FIELD_GROUPS.map((g) => ({
    title: g.title,
    entries: g.fields
      .filter((f) => byPath.has(f))
      .map((f) => (placed.add(f), [f, byPath.get(f)!] as [string, V])),
  }));
  const rest = entries.filter(([k]) => !placed.has(k));
  return [...groups, { title: 'Other', entries: [...rest] }].filter((g) => g.entries.length > 0);
}
