import { describe, expect, it } from 'vitest';
import { MENU, buildMenu, findMenuEntry, flattenMenu, padMenuCode } from './menu.ts';

// Every path docs/product.md §2.4 "Menu tree" names, written out independently of menu-tree.ts.
const p = (base: string, leaves: string) => leaves.split(' ').map((l) => `${base}/${l}`);
const SPEC_PATHS = [
  ...'enquiries transactions customers accounts solutions office reports products treasury security system'
    .split(' ')
    .map((s) => `/${s}`),
  ...p('/enquiries', 'account dashboard analysis movement snapshot departments statistics'),
  '/transactions/waste',
  '/transactions/standing-orders/register',
  '/transactions/standing-orders/options',
  ...p('/transactions/other', 'salary-import customer-debits fibc-license direct-credit'),
  ...p(
    '/transactions/proof',
    'report enquiry tax-ref manage-diff bad-trans-2 bad-trans-1 branch-diff daily-diff',
  ),
  ...p('/transactions/control', 'approve clear-deposit block-amount edit-details checks-register'),
  ...p('/transactions', 'swift-rtgs ach-acr swift admin'),
  ...p(
    '/customers',
    'private corporate joint employee government org contact reports admin profiling signatures',
  ),
  '/accounts/ledger',
  ...p('/accounts/current', 'manager interest control original-type od-schedule od-limits closed'),
  ...p('/accounts/savings', 'manager interest control closed'),
  ...p('/accounts/deposit', 'manager closed closed-da admin'),
  ...p('/accounts/loan', 'manager applications simulation closed reports admin'),
  ...p('/accounts', 'other management admin reports multicurrency'),
  ...p(
    '/solutions',
    'internet-banking atm salary-import tele-banking school-fees shareholder micro-finance agency-banking mobile ussd',
  ),
  ...p(
    '/solutions/mobile-admin',
    'users access-control permissions edit-user accounts transactions queued register',
  ),
  ...p('/office', 'registers personnel payroll assets inventory projects documents'),
  ...p('/reports', 'generator built-reports statements sql vbng-csss user admin bi'),
  ...p('/products', 'definition pricing reports'),
  ...p('/treasury', 'products reports'),
  ...p('/security', 'users roles audit access'),
  ...p(
    '/system/messages',
    'account-types transactions currency bank-codes branch-codes department-codes sector-codes transaction-sources special-dates ledger-codes country-codes codes-tables accounting-periods business-types language-phrases',
  ),
  '/system/import',
  '/system/interest',
  ...p('/system/scheduler', 'connections branch-connections station attendance'),
  ...p(
    '/system/batch-control',
    'tw-creator object-library defectbase consistency language messaging data-io sql setup-check',
  ),
  ...p('/system/period-end', 'security groups login audits app-security menu-control menu-system'),
  ...p('/system/batch', 'messages import interest scheduler control period-end processes'),
  '/compliance',
  ...p('/compliance', 'sanctions-lists sanctions-hits alerts cases rules'),
];

describe('menu codes', () => {
  it('pads to 4 digits', () => {
    expect(padMenuCode(1)).toBe('0001');
    expect(padMenuCode(42)).toBe('0042');
    expect(padMenuCode(9999)).toBe('9999');
    expect(() => padMenuCode(10000)).toThrow(RangeError);
    expect(() => padMenuCode(-1)).toThrow(RangeError);
  });

  it('gives every entry a unique 4-digit code', () => {
    const codes = flattenMenu().map((e) => e.item.code);
    for (const c of codes) expect(c).toMatch(/^\d{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is deterministic', () => {
    expect(buildMenu([['A', '/a', 'x', [['B', 'b', 'y']]]])).toEqual([
      {
        code: '0001',
        name: 'A',
        path: '/a',
        description: 'x',
        subMenus: [{ code: '0002', name: 'B', path: '/a/b', description: 'y' }],
      },
    ]);
  });
});

describe('menu tree', () => {
  const all = flattenMenu();
  it('has the 11 top-level entries in docs/product.md order, then Compliance', () => {
    expect(MENU.map((m) => m.name)).toEqual([
      'Enquiries',
      'Transaction',
      'Customer',
      'Account',
      'Extended',
      'Office',
      'Reports',
      'Product',
      'Treasury',
      'Security',
      'System',
      'Compliance',
    ]);
  });

  it.each(SPEC_PATHS)('contains %s', (path) => {
    expect(findMenuEntry(path)?.item.path).toBe(path);
  });

  it('gives every entry a name and a description, and unique paths', () => {
    for (const { item } of all) {
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(10);
    }
    const paths = all.map((e) => e.item.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('finds the trail of an entry', () => {
    const e = findMenuEntry('/solutions/mobile-admin/users/');
    expect(e?.item.name).toBe('Registered Users');
    expect(e?.trail.map((t) => t.name)).toEqual(['Extended', 'Mobile Banking Admin']);
  });
});
