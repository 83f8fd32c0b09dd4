import {
  HIGH_RISK_COUNTRIES,
  HIGH_RISK_OCCUPATIONS,
  SECTOR_CODES,
  type SectorCode,
} from './reference-data.ts';

export const RISK_RATINGS = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];

/** What the rules read: the customer's profile and the products it holds. */
export interface RiskInput {
  pep: boolean;
  sectorCode?: SectorCode | null;
  occupation?: string | null;
  /** ISO 3166-1 alpha-2 of nationality or incorporation. */
  country?: string | null;
  /** Account types held (product mix). */
  accountTypes?: readonly string[];
}

export interface RiskResult {
  rating: RiskRating;
  /** Why, in words the screen shows as they are. */
  reasons: string[];
}

/**
 * Transparent rules, in order: a PEP or a high-risk country is high risk outright; each other factor
 * is a point, and two points make high, one makes medium. Change the rules here, once, for server
 * (which stores the rating) and screen (which shows the reasons).
 */
export function rateRisk(input: RiskInput): RiskResult {
  const high: string[] = [];
  const points: string[] = [];
  if (input.pep) high.push('Politically exposed person');
  if (input.country && (HIGH_RISK_COUNTRIES as readonly string[]).includes(input.country))
    high.push(`Country ${input.country} is on the high-risk list`);
  if (input.sectorCode && SECTOR_CODES[input.sectorCode]?.cashIntensive)
    points.push(`Cash-intensive sector: ${SECTOR_CODES[input.sectorCode].label}`);
  const occupation = input.occupation?.trim().toLowerCase();
  if (occupation && HIGH_RISK_OCCUPATIONS.some((o) => o.toLowerCase() === occupation))
    points.push(`Higher-risk occupation: ${input.occupation}`);
  const types = new Set(input.accountTypes ?? []);
  if (types.has('Mobile Wallet') && types.has('Current'))
    points.push('Product mix: a current account and a mobile wallet (fast cash in and out)');
  if (high.length > 0) return { rating: 'high', reasons: [...high, ...points] };
  if (points.length >= 2) return { rating: 'high', reasons: points };
  if (points.length === 1) return { rating: 'medium', reasons: points };
  return { rating: 'low', reasons: ['No risk factor applies'] };
}

/** Months until the next review, per rating; high risk also needs enhanced due diligence. */
export const RISK_REVIEW_MONTHS: Record<RiskRating, number> = { low: 36, medium: 24, high: 12 };
