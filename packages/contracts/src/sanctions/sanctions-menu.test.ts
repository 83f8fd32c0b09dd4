import { describe, expect, it } from 'vitest';
import { holds, menuPermission } from '../permissions.ts';
import { SEED_ROLES } from '../seed-roles.ts';

const role = (key: string) => ({
  permissions: SEED_ROLES.find((r) => r.key === key)!.permissions,
  isSuperuser: false,
});

/** The Compliance section: shown to aml.* holders only, so nobody else learns that customers matched. */
describe('the Compliance menu', () => {
  it('needs aml.screening for the section and the hits, aml.lists.import for the lists', () => {
    expect(menuPermission('/compliance')).toBe('aml.screening');
    expect(menuPermission('/compliance/sanctions-hits')).toBe('aml.screening');
    expect(menuPermission('/compliance/sanctions-lists')).toBe('aml.lists.import');
  });

  it('is the Compliance Officer’s, and no teller’s or customer officer’s', () => {
    expect(holds(role('compliance'), menuPermission('/compliance/sanctions-hits'))).toBe(true);
    expect(holds(role('compliance'), menuPermission('/compliance/sanctions-lists'))).toBe(true);
    for (const key of SEED_ROLES.map((r) => r.key).filter((k) => k !== 'compliance' && k !== 'mlro'))
      expect(holds(role(key), menuPermission('/compliance')), key).toBe(false);
  });
});
