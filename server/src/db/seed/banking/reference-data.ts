import type { Database } from '../../client.ts';
import { branches, products } from '../../schema/banking.ts';

/**
 * Branches, weighted by how many customers they serve (Freetown holds about half the market).
 * Streets are real streets of each town, for believable addresses.
 */
export const BRANCHES = [
  {
    code: '001',
    name: 'Head Office, Siaka Stevens Street',
    town: 'Freetown',
    weight: 14,
    streets: ['Siaka Stevens Street', 'Lightfoot Boston Street', 'Wallace Johnson Street', 'Pademba Road'],
  },
  {
    code: '002',
    name: 'Kissy Road',
    town: 'Freetown',
    weight: 9,
    streets: ['Kissy Road', 'Fourah Bay Road', 'Blackhall Road', 'Bai Bureh Road'],
  },
  {
    code: '003',
    name: 'Lumley',
    town: 'Freetown',
    weight: 8,
    streets: ['Wilkinson Road', 'Lumley Beach Road', 'Spur Road', 'Aberdeen Road'],
  },
  {
    code: '004',
    name: 'Congo Cross',
    town: 'Freetown',
    weight: 6,
    streets: ['Main Motor Road', 'Congo Cross Road', 'Kingharman Road'],
  },
  {
    code: '005',
    name: 'Waterloo',
    town: 'Waterloo',
    weight: 5,
    streets: ['Freetown Highway', 'Campbell Town Road', 'Lumpa Road'],
  },
  {
    code: '010',
    name: 'Bo Main',
    town: 'Bo',
    weight: 9,
    streets: ['Tikonko Road', 'Bojon Street', 'Dambara Road', 'Fenton Road'],
  },
  {
    code: '011',
    name: 'Kenema',
    town: 'Kenema',
    weight: 8,
    streets: ['Hangha Road', 'Dama Road', 'Blama Road', 'Maxwell Khobe Street'],
  },
  {
    code: '012',
    name: 'Makeni',
    town: 'Makeni',
    weight: 7,
    streets: ['Azzolini Highway', 'Magburaka Road', 'Lunsar Road', 'Teko Road'],
  },
  {
    code: '013',
    name: 'Koidu',
    town: 'Koidu',
    weight: 6,
    streets: ['Main Motor Road', 'Masingbi Road', 'Kainkordu Road'],
  },
  {
    code: '014',
    name: 'Port Loko',
    town: 'Port Loko',
    weight: 5,
    streets: ['Lungi Road', 'Makeni Highway', 'Station Road'],
  },
  { code: '015', name: 'Kabala', town: 'Kabala', weight: 3, streets: ['Wara Wara Road', 'Kabala Main Road'] },
  {
    code: '016',
    name: 'Kailahun',
    town: 'Kailahun',
    weight: 3,
    streets: ['Kailahun Main Road', 'Pendembu Road'],
  },
  {
    code: '017',
    name: 'Moyamba',
    town: 'Moyamba',
    weight: 2,
    streets: ['Moyamba Junction Road', 'Kori Street'],
  },
  { code: '018', name: 'Lunsar', town: 'Lunsar', weight: 2, streets: ['Makeni Road', 'Mission Road'] },
  { code: '019', name: 'Kambia', town: 'Kambia', weight: 2, streets: ['Rokupr Road', 'Kambia Main Road'] },
  { code: '020', name: 'Bonthe', town: 'Bonthe', weight: 1, streets: ['Dick Street', 'Bonthe Wharf Road'] },
] as const;

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
    .values(PRODUCTS.map((p) => ({ ...p })))
    .onConflictDoNothing();
}
