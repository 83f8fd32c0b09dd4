import { describe, expect, it } from 'vitest';
import { holds, menuPermission } from '../permissions.ts';
import { SEED_ROLES } from '../seed-roles.ts';
import { AML_CASE_TRANSITIONS } from './cases.ts';

const role = (key: string) => ({
  permissions: SEED_ROLES.find((r) => r.key === key)!.permissions,
  isSuperuser: false,
});
const SCREENS = ['/compliance/alerts', '/compliance/cases', '/compliance/rules'];

/** Tipping-off in the menu: the monitoring screens are shown to aml.* holders only. */
describe('the monitoring screens in the menu', () => {
  it('need aml.alerts, which the Compliance Officer and the MLRO hold', () => {
    for (const path of SCREENS) {
      expect(menuPermission(path)).toBe('aml.alerts');
      for (const key of ['compliance', 'mlro'])
        expect(holds(role(key), menuPermission(path)), key).toBe(true);
    }
  });

  it('are no teller’s, supervisor’s or customer officer’s, nor any other role’s', () => {
    for (const key of SEED_ROLES.map((r) => r.key).filter((k) => k !== 'compliance' && k !== 'mlro'))
      for (const path of SCREENS)
        expect(holds(role(key), menuPermission(path)), `${key} ${path}`).toBe(false);
  });

  it('leave an escalated case to the MLRO alone', () => {
    const escalatedSteps = Object.values(AML_CASE_TRANSITIONS).filter((t) => t.from.includes('escalated'));
    for (const t of escalatedSteps) {
      expect(holds(role('mlro'), t.permission)).toBe(true);
      expect(holds(role('compliance'), t.permission)).toBe(false);
    }
  });
});
