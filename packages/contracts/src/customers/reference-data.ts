/**
 * Reference lists for customer records. One list each, read by the zod schemas, the
 * database CHECKs (through the server's migration), the forms' selects and the seed.
 */

/** The 16 districts of Sierra Leone (Local Government Act boundaries since 2017). */
export const DISTRICTS = [
  'Bo',
  'Bombali',
  'Bonthe',
  'Falaba',
  'Kailahun',
  'Kambia',
  'Karene',
  'Kenema',
  'Koinadugu',
  'Kono',
  'Moyamba',
  'Port Loko',
  'Pujehun',
  'Tonkolili',
  'Western Area Rural',
  'Western Area Urban',
] as const;
export type District = (typeof DISTRICTS)[number];

export const TITLES = [
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
  'Dr',
  'Prof',
  'Alhaji',
  'Haja',
  'Rev',
  'Chief',
  'Hon',
] as const;
export const GENDERS = ['female', 'male'] as const;

/** How an individual proves identity. Organisations use their registration number instead. */
export const PERSONAL_ID_TYPES = ['national_id', 'passport', 'voter_card'] as const;
export type PersonalIdType = (typeof PERSONAL_ID_TYPES)[number];
export const PERSONAL_ID_LABELS: Record<PersonalIdType, string> = {
  national_id: 'National ID (NIN)',
  passport: 'Passport',
  voter_card: 'Voter card',
};

/** Monthly income in new Leones. */
export const INCOME_BANDS = ['under_2k', '2k_10k', '10k_50k', 'over_50k'] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number];
export const INCOME_BAND_LABELS: Record<IncomeBand, string> = {
  under_2k: 'Under Le 2,000',
  '2k_10k': 'Le 2,000 – 10,000',
  '10k_50k': 'Le 10,000 – 50,000',
  over_50k: 'Over Le 50,000',
};

export const SOURCES_OF_FUNDS = [
  'salary',
  'business',
  'farming',
  'remittance',
  'pension',
  'investments',
  'other',
] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

/**
 * Sector codes (System › Messages › Sector Codes). `cashIntensive` feeds the risk rules: sectors
 * where most takings are cash are where laundered money most easily mixes in (FATF guidance).
 */
export const SECTOR_CODES = {
  AGR: { label: 'Agriculture, forestry and fishing', cashIntensive: false },
  MIN: { label: 'Mining and quarrying', cashIntensive: false },
  GEM: { label: 'Diamond and gold trading', cashIntensive: true },
  MAN: { label: 'Manufacturing', cashIntensive: false },
  CON: { label: 'Construction', cashIntensive: false },
  TRD: { label: 'Wholesale and retail trade', cashIntensive: true },
  TRN: { label: 'Transport and storage', cashIntensive: true },
  HOS: { label: 'Hotels, restaurants and bars', cashIntensive: true },
  FXB: { label: 'Foreign exchange bureaux', cashIntensive: true },
  TEL: { label: 'Information and communication', cashIntensive: false },
  FIN: { label: 'Financial and insurance services', cashIntensive: false },
  RES: { label: 'Real estate', cashIntensive: true },
  EDU: { label: 'Education', cashIntensive: false },
  HLT: { label: 'Health and social work', cashIntensive: false },
  PUB: { label: 'Public administration', cashIntensive: false },
  NGO: { label: 'Non-profit and religious bodies', cashIntensive: false },
  OTH: { label: 'Other services', cashIntensive: false },
} as const;
export type SectorCode = keyof typeof SECTOR_CODES;
export const SECTOR_CODE_LIST = Object.keys(SECTOR_CODES) as [SectorCode, ...SectorCode[]];

/** Occupations the risk rules treat as higher risk (cash handling, value dealing). */
export const HIGH_RISK_OCCUPATIONS = [
  'Diamond dealer',
  'Gold dealer',
  'Money changer',
  'Car dealer',
  'Casino operator',
  'Real estate agent',
] as const;

/**
 * Countries (ISO 3166-1 alpha-2) the risk rules treat as high risk: the FATF "black list" and a
 * selection of its "grey list". Compliance keeps this current; it is data, not logic.
 */
export const HIGH_RISK_COUNTRIES = ['KP', 'IR', 'MM', 'SY', 'YE', 'SS', 'HT', 'VE'] as const;

/** Document kinds a customer file holds; each kind has at most one "current" document. */
export const CUSTOMER_DOCUMENT_KINDS = [
  'photo',
  'id_scan',
  'signature',
  'proof_of_address',
  'other',
] as const;
export type CustomerDocumentKind = (typeof CUSTOMER_DOCUMENT_KINDS)[number];

export const CONTACT_CHANNELS = ['call', 'visit', 'letter', 'sms', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
