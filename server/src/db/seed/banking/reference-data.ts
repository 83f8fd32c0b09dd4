import type { Database } from '../../client.ts';
import { BRANCHES as CONTRACT_BRANCHES, type BranchCode } from '@bankmanager/contracts';
import { branches, products, productVersions } from '../../schema/banking.ts';
import { insertLoanProducts } from './loan-products.ts';
import { PRODUCT_TERMS } from './product-terms.ts';

/**
 * How many customers each branch serves (Freetown holds about half the market) and real streets of
 * its town, for believable addresses. The branches themselves are the contracts' list.
 */
const BRANCH_PROFILES: Record<BranchCode, { weight: number; streets: readonly string[] }> = {
  '001': {
    weight: 14,
    streets: ['Siaka Stevens Street', 'Lightfoot Boston Street', 'Wallace Johnson Street', 'Pademba Road'],
  },
  '002': { weight: 9, streets: ['Kissy Road', 'Fourah Bay Road', 'Blackhall Road', 'Bai Bureh Road'] },
  '003': { weight: 8, streets: ['Wilkinson Road', 'Lumley Beach Road', 'Spur Road', 'Aberdeen Road'] },
  '004': { weight: 6, streets: ['Main Motor Road', 'Congo Cross Road', 'Kingharman Road'] },
  '005': { weight: 5, streets: ['Freetown Highway', 'Campbell Town Road', 'Lumpa Road'] },
  '010': { weight: 9, streets: ['Tikonko Road', 'Bojon Street', 'Dambara Road', 'Fenton Road'] },
  '011': { weight: 8, streets: ['Hangha Road', 'Dama Road', 'Blama Road', 'Maxwell Khobe Street'] },
  '012': { weight: 7, streets: ['Azzolini Highway', 'Magburaka Road', 'Lunsar Road', 'Teko Road'] },
  '013': { weight: 6, streets: ['Main Motor Road', 'Masingbi Road', 'Kainkordu Road'] },
  '014': { weight: 5, streets: ['Lungi Road', 'Makeni Highway', 'Station Road'] },
  '015': { weight: 3, streets: ['Wara Wara Road', 'Kabala Main Road'] },
  '016': { weight: 3, streets: ['Kailahun Main Road', 'Pendembu Road'] },
  '017': { weight: 2, streets: ['Moyamba Junction Road', 'Kori Street'] },
  '018': { weight: 2, streets: ['Makeni Road', 'Mission Road'] },
  '019': { weight: 2, streets: ['Rokupr Road', 'Kambia Main Road'] },
  '020': { weight: 1, streets: ['Dick Street', 'Bonthe Wharf Road'] },
};
export const BRANCHES = CONTRACT_BRANCHES.map((b) => ({ ...b, ...BRANCH_PROFILES[b.code] }));

/** Product codes are `<type prefix>-<currency>`; the seed SQL builds them the same way. */
export const PRODUCTS = [
  {
    code: 'CUR-SLE',
    name: 'Le Current Account',
    accountType: 'Current',
    currency: 'SLE',
    ledgerCode: '2010',
  },
  {
    code: 'CUR-USD',
    name: 'USD Current Account',
    accountType: 'Current',
    currency: 'USD',
    ledgerCode: '2011',
  },
  {
    code: 'SAV-SLE',
    name: 'Le Savings Account',
    accountType: 'Savings',
    currency: 'SLE',
    ledgerCode: '2020',
  },
  {
    code: 'SAV-USD',
    name: 'Domiciliary Savings (USD)',
    accountType: 'Savings',
    currency: 'USD',
    ledgerCode: '2021',
  },
  {
    code: 'FD-SLE',
    name: 'Le Fixed Deposit (12 months)',
    accountType: 'Fixed Deposit',
    currency: 'SLE',
    ledgerCode: '2030',
  },
  {
    code: 'FD-USD',
    name: 'USD Fixed Deposit (12 months)',
    accountType: 'Fixed Deposit',
    currency: 'USD',
    ledgerCode: '2031',
  },
  {
    code: 'MW-SLE',
    name: 'Mobile Wallet',
    accountType: 'Mobile Wallet',
    currency: 'SLE',
    ledgerCode: '2040',
  },
  { code: 'LN-SLE', name: 'Personal and SME Loan', accountType: 'Loan', currency: 'SLE', ledgerCode: '1410' },
] as const;

export async function insertReferenceData(tx: Database): Promise<void> {
  await tx
    .insert(branches)
    .values(BRANCHES.map(({ code, name, town }) => ({ code, name, town })))
    .onConflictDoNothing();
  await tx
    .insert(products)
    // USD products withhold tax into the USD payable (2521, migration 0032).
    .values(PRODUCTS.map((p) => ({ ...p, ...(p.currency === 'USD' ? { whtPayableGl: '2521' } : {}) })))
    .onConflictDoNothing();
  await tx.insert(productVersions).values(PRODUCT_TERMS).onConflictDoNothing();
  await insertLoanProducts(tx);
}
