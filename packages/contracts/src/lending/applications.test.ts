import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COLLATERAL_TYPE_LIST,
  LOAN_APPLICATION_ACTIONS,
  LOAN_APPLICATION_STATUSES,
  LOAN_APPLICATION_TRANSITIONS,
  collateralLendingValue,
  coverageRatio,
  loanApplicationActionsFrom,
  loanApplicationInputSchema,
  loanApprovalAuthority,
} from './applications.ts';
import { APPROVAL_POLICIES } from '../approvals.ts';
import { PERMISSION_DEFS } from '../permission-defs.ts';
import { toCents } from '../money.ts';

describe('loan approval authority', () => {
  it('routes by amount: Branch Manager to Le 50,000, Head of Credit to Le 500,000, then the committee', () => {
    expect(loanApprovalAuthority('50000.00', 'SLE').key).toBe('branch_manager');
    expect(loanApprovalAuthority('50000.01', 'SLE').key).toBe('head_of_credit');
    expect(loanApprovalAuthority('500000', 'SLE').key).toBe('head_of_credit');
    expect(loanApprovalAuthority('500000.01', 'SLE')).toMatchObject({
      key: 'credit_committee',
      approvers: 2,
    });
  });
  it('each tier is an approval type with a policy asking for its permission', () => {
    for (const a of ['1', '60000', '9000000']) {
      const t = loanApprovalAuthority(a, 'SLE');
      expect(APPROVAL_POLICIES[t.approvalType].approvePermission).toBe(t.permission);
    }
  });
});

describe('the lifecycle table', () => {
  it('names known states, permissions and a loan_application audit action for every action', () => {
    for (const action of LOAN_APPLICATION_ACTIONS) {
      const t = LOAN_APPLICATION_TRANSITIONS[action];
      expect(t.from.every((s) => LOAN_APPLICATION_STATUSES.includes(s))).toBe(true);
      expect(Object.hasOwn(PERMISSION_DEFS, t.permission)).toBe(true);
      expect(t.audit).toBe(`loan_application.${action}`);
    }
  });
  it('approval and disbursement are four-eyes; an Approved loan can only be disbursed; the ended states take no action', () => {
    expect(LOAN_APPLICATION_ACTIONS.filter((a) => LOAN_APPLICATION_TRANSITIONS[a].fourEyes)).toEqual([
      'approve',
      'disburse',
    ]);
    expect(loanApplicationActionsFrom('Approved')).toEqual(['disburse']);
    for (const s of ['Rejected', 'Withdrawn', 'Disbursed'] as const)
      expect(loanApplicationActionsFrom(s)).toEqual([]);
    expect(loanApplicationActionsFrom('Draft')).toEqual(['edit', 'submit', 'withdraw']);
  });
});

describe('collateral', () => {
  it('takes the type’s haircut off the forced-sale value', () => {
    expect(collateralLendingValue('land_title', '30000.00')).toBe('18000.00');
    expect(collateralLendingValue('cash_deposit', '5000.00')).toBe('5000.00');
    expect(coverageRatio([{ type: 'vehicle', forcedSaleValue: '40000' }], '20000')).toBe('100.00');
    expect(coverageRatio([], '20000')).toBeNull();
  });
  it('a lending value is never negative nor above the forced-sale value (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COLLATERAL_TYPE_LIST),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (type, cents) => {
          const fsv = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const v = toCents(collateralLendingValue(type, fsv));
          return v >= 0n && v <= cents;
        },
      ),
    );
  });
  it('the schema refuses a negative value and the borrower as guarantor, on the field', () => {
    const r = loanApplicationInputSchema.safeParse({
      custId: 7,
      productCode: 'SAL-SLE',
      amount: '1000',
      term: 12,
      sector: 'PUB',
      repaymentAccount: '1010000000001',
      guarantors: [{ custId: 7, amount: '10' }],
      collateral: [{ type: 'gold', description: 'Bars', marketValue: '-5', forcedSaleValue: '0' }],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['guarantors.0.custId', 'collateral.0.marketValue']));
  });
});
