/** Labels of the record's fields, for the details tab and the edit form (names as in record.ts). */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  guardianId: 'Guardian',
  idType: 'ID type',
  idNumber: 'ID number',
  idIssuedOn: 'ID issued on',
  idExpiresOn: 'ID expires on',
  nationality: 'Nationality',
  mobile: 'Mobile',
  email: 'E-mail',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.town': 'Town',
  'address.district': 'District',
  occupation: 'Occupation',
  employer: 'Employer',
  incomeBand: 'Monthly income',
  sourceOfFunds: 'Source of funds',
  'nextOfKin.name': 'Next of kin',
  'nextOfKin.relationship': 'Next of kin relationship',
  'nextOfKin.mobile': 'Next of kin mobile',
  pep: 'Politically exposed person',
  registeredName: 'Registered name',
  registrationNumber: 'Registration number',
  tin: 'TIN',
  sectorCode: 'Sector',
  incorporatedOn: 'Date of incorporation',
  country: 'Country',
  jointName: 'Joint name',
  mandate: 'Mandate',
};

export const labelOf = (path: string) => FIELD_LABELS[path] ?? path;

/** The record flattened to `address.town`-style paths, leaving lists (signatories, holders) out. */
export function flatten(record: Record<string, unknown>, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) continue;
    if (v && typeof v === 'object') out.push(...flatten(v as Record<string, unknown>, path));
    else out.push([path, v]);
  }
  return out;
}

/** Turns edited `address.town`-style paths back into the record's nested shape for the PATCH. */
export function unflatten(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, v] of entries) {
    const parts = path.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = v;
  }
  return out;
}
