import type { FormFamily } from './kinds';

export interface Step {
  title: string;
  /** Field paths (react-hook-form names) checked before moving on; errors under them open this step. */
  fields: string[];
}

const address = ['address.line1', 'address.line2', 'address.town', 'address.district'];

export const STEPS: Record<FormFamily, Step[]> = {
  individual: [
    {
      title: 'Identity',
      fields: [
        'title',
        'firstName',
        'middleName',
        'lastName',
        'gender',
        'dateOfBirth',
        'guardianId',
        'branch',
      ],
    },
    { title: 'Identification', fields: ['idType', 'idNumber', 'idIssuedOn', 'idExpiresOn'] },
    { title: 'Contact', fields: ['mobile', 'email', ...address] },
    {
      title: 'Profile',
      fields: [
        'occupation',
        'employer',
        'incomeBand',
        'sourceOfFunds',
        'nextOfKin.name',
        'nextOfKin.relationship',
        'nextOfKin.mobile',
        'pep',
      ],
    },
  ],
  organisation: [
    {
      title: 'Organisation',
      fields: ['registeredName', 'registrationNumber', 'tin', 'sectorCode', 'incorporatedOn', 'branch'],
    },
    { title: 'Contact', fields: ['mobile', 'email', ...address] },
    { title: 'Signatories and mandate', fields: ['signatories', 'mandate', 'combinations'] },
  ],
  joint: [
    { title: 'Holders and mandate', fields: ['jointName', 'holders', 'mandate', 'branch'] },
    { title: 'Contact', fields: ['mobile', ...address] },
  ],
};

/** The step that shows `path` (a top-level or nested field name), else the last one. */
export function stepOf(family: FormFamily, path: string): number {
  const steps = STEPS[family];
  const i = steps.findIndex((s) => s.fields.some((f) => path === f || path.startsWith(`${f}.`)));
  return i === -1 ? steps.length - 1 : i;
}
