import { describe, expect, it } from 'vitest';
import { holds, SEED_ROLES, type Permission } from '@bankmanager/contracts';
import { MENU, flattenMenu } from '@bankmanager/contracts/menu';
import { filterMenu } from './filter-menu';

const canAs = (key: string) => (p: Permission | undefined) =>
  holds({ permissions: SEED_ROLES.find((r) => r.key === key)!.permissions, isSuperuser: false }, p);

describe('filterMenu', () => {
  it('keeps everything for a superuser', () => {
    expect(filterMenu(MENU, (p) => holds({ permissions: [], isSuperuser: true }, p))).toEqual(MENU);
  });
  it('hides what the role may not use, and parents left empty', () => {
    const paths = flattenMenu(filterMenu(MENU, canAs('teller'))).map((e) => e.item.path);
    expect(paths).toContain('/enquiries/account');
    expect(paths).not.toContain('/security/users');
    expect(paths).not.toContain('/security');
  });
  it('shows a teller Teller Home under Transactions without journal.post', () => {
    const paths = flattenMenu(filterMenu(MENU, canAs('teller'))).map((e) => e.item.path);
    expect(paths).toContain('/transactions/teller/home');
    expect(paths).not.toContain('/transactions/transfers');
    expect(paths).not.toContain('/accounts/ledger');
  });
  it('shows an auditor the audit trail but not staff administration', () => {
    const paths = flattenMenu(filterMenu(MENU, canAs('auditor'))).map((e) => e.item.path);
    expect(paths).toContain('/security/audit');
    expect(paths).not.toContain('/security/users');
  });
  it('names a permission on every menu entry', () => {
    expect(flattenMenu().filter((e) => !e.item.permission)).toEqual([]);
  });
  it('shows the Object Library only to those who may administer storage', () => {
    const paths = (permissions: Permission[]) =>
      flattenMenu(filterMenu(MENU, (p) => holds({ permissions, isSuperuser: false }, p))).map(
        (e) => e.item.path,
      );
    expect(paths(['eod.run'])).toContain('/system/batch-control');
    expect(paths(['eod.run'])).not.toContain('/system/batch-control/object-library');
    expect(paths(['eod.run', 'storage.manage'])).toContain('/system/batch-control/object-library');
  });
});
