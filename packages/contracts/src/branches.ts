/**
 * The bank's branches, keyed as the database keys them (customers, accounts, a member of staff's home
 * branch, the teller-cash GL account 1020-<code>). Migration 0031 inserts exactly these rows, so every
 * installation has them, demo or not; the header's branch selection and the forms list them.
 */
export const BRANCHES = [
  { code: '001', name: 'Head Office, Siaka Stevens Street', town: 'Freetown' },
  { code: '002', name: 'Kissy Road', town: 'Freetown' },
  { code: '003', name: 'Lumley', town: 'Freetown' },
  { code: '004', name: 'Congo Cross', town: 'Freetown' },
  { code: '005', name: 'Waterloo', town: 'Waterloo' },
  { code: '010', name: 'Bo Main', town: 'Bo' },
  { code: '011', name: 'Kenema', town: 'Kenema' },
  { code: '012', name: 'Makeni', town: 'Makeni' },
  { code: '013', name: 'Koidu', town: 'Koidu' },
  { code: '014', name: 'Port Loko', town: 'Port Loko' },
  { code: '015', name: 'Kabala', town: 'Kabala' },
  { code: '016', name: 'Kailahun', town: 'Kailahun' },
  { code: '017', name: 'Moyamba', town: 'Moyamba' },
  { code: '018', name: 'Lunsar', town: 'Lunsar' },
  { code: '019', name: 'Kambia', town: 'Kambia' },
  { code: '020', name: 'Bonthe', town: 'Bonthe' },
] as const;
export type Branch = (typeof BRANCHES)[number];
export type BranchCode = Branch['code'];
