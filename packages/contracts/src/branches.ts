/** Branches staff can pick in the header (static until a branches endpoint exists). */
export const BRANCHES = [
  { code: 'FTN', name: 'Freetown' },
  { code: 'BO', name: 'Bo' },
  { code: 'KEN', name: 'Kenema' },
  { code: 'MAK', name: 'Makeni' },
  { code: 'KOI', name: 'Koidu' },
  { code: 'PLK', name: 'Port Loko' },
] as const;
export type Branch = (typeof BRANCHES)[number];
