import { describe, expect, it } from 'vitest';
import {
  APPROVAL_POLICIES,
  approvalInBranchScope,
  SEED_ROLES,
  type ApprovalType,
  type Permission,
} from '@bankmanager/contracts';
import { DEMO_ROLE_STAFF } from './demo-seed.ts';

/**
 * Each four-eyes flow of the demo needs a maker and a different checker among the demo's office
 * staff, without a superuser: the maker holds what asks for it, the checker the inbox, the policy's
 * approve permission and the request's branch in scope. e2e/tests/four-eyes-demo-users.spec.ts walks
 * the same pairs in a browser.
 */
const FLOWS: { type: ApprovalType; asks: Permission; maker: string; checker: string }[] = [
  { type: 'customer.status', asks: 'customers.create', maker: 'cso', checker: 'compliance' },
  { type: 'account.open', asks: 'accounts.open', maker: 'cso', checker: 'manager' },
  { type: 'product.change', asks: 'products.manage', maker: 'products', checker: 'products2' },
  { type: 'eod.run', asks: 'eod.run', maker: 'operations', checker: 'operations2' },
  { type: 'posting.reversal', asks: 'postings.reverse', maker: 'officer', checker: 'manager' },
  { type: 'staff.roles', asks: 'roles.manage', maker: 'itsecurity', checker: 'itsecurity2' },
];

function demoPerson(local: string) {
  const s = DEMO_ROLE_STAFF.find((p) => p.email === `${local}@bankmanager.sl`);
  if (!s) throw new Error(`no demo person ${local}@`);
  const role = SEED_ROLES.find((r) => r.key === s.role)!;
  return { permissions: role.permissions as readonly string[], isSuperuser: false, homeBranch: s.branch };
}

describe('the demo can complete every four-eyes flow without a superuser', () => {
  for (const f of FLOWS)
    it(`${f.type}: ${f.maker}@ asks, ${f.checker}@ approves`, () => {
      const maker = demoPerson(f.maker);
      const checker = demoPerson(f.checker);
      const policy = APPROVAL_POLICIES[f.type];
      expect(f.maker).not.toBe(f.checker);
      expect(maker.permissions).toContain(f.asks);
      expect(checker.permissions).toEqual(
        expect.arrayContaining(['approvals.decide', policy.approvePermission]),
      );
      // Branch requests carry Head Office, where the demo's people work.
      expect(approvalInBranchScope(checker, { type: f.type, branch: '001' })).toBe(true);
    });
});
