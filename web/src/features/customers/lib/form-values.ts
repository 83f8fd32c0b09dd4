import type { CustomerType } from '@bankmanager/contracts';
import { familyOf } from './kinds';

const address = { line1: '', line2: '', town: '', district: '' };

/** Empty form values per kind: every control starts controlled, with '' rather than undefined. */
export function emptyValues(type: CustomerType, branch: string): Record<string, unknown> {
  const family = familyOf(type);
  if (family === 'individual')
    return {
      type,
      branch,
      title: '',
      firstName: '',
      middleName: '',
      lastName: '',
      gender: '',
      dateOfBirth: '',
      idType: 'national_id',
      idNumber: '',
      idIssuedOn: '',
      idExpiresOn: '',
      mobile: '',
      email: '',
      address,
      occupation: '',
      employer: '',
      incomeBand: '',
      sourceOfFunds: '',
      nextOfKin: { name: '', relationship: '', mobile: '' },
      pep: false,
    };
  if (family === 'joint')
    return {
      type,
      branch,
      jointName: '',
      holders: [],
      mandate: 'either_or_survivor',
      mobile: '',
      address,
      names: {},
    };
  return {
    type,
    branch,
    registeredName: '',
    registrationNumber: '',
    tin: '',
    sectorCode: '',
    incorporatedOn: '',
    mobile: '',
    email: '',
    address,
    signatories: [],
    mandate: 'any_one',
    combinations: [],
    names: {},
  };
}

/** Optional fields whose empty control means "not given" (else `email` fails its format, `guardianId` its type). */
const OPTIONAL = new Set(['email', 'guardianId', 'middleName', 'employer', 'line2']);

/**
 * What the schema sees: optional fields left empty are dropped; required ones keep '' so the schema
 * answers with its own "This field is required". `names` (picked customers' names, for the screen)
 * is not part of the record and the schema drops it.
 */
export function cleanValues(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(cleanValues);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if ((x === '' || x === null) && OPTIONAL.has(k)) continue;
      out[k] = cleanValues(x);
    }
    return out;
  }
  return v;
}
