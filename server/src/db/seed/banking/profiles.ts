import { sql, type SQL } from 'drizzle-orm';
import { HIGH_RISK_OCCUPATIONS, SECTOR_CODES, SECTOR_CODE_LIST } from '@bankmanager/contracts';
import type { Database } from '../../client.ts';
import { pick, textArray, type Rng } from './prng.ts';
import { inRange, type CustomerRange } from './range.ts';

/** Branch towns to their district (the 16 districts of Sierra Leone, contracts' DISTRICTS). */
const DISTRICT_OF_TOWN: Record<string, string> = {
  Freetown: 'Western Area Urban',
  Waterloo: 'Western Area Rural',
  Bo: 'Bo',
  Kenema: 'Kenema',
  Makeni: 'Bombali',
  Koidu: 'Kono',
  'Port Loko': 'Port Loko',
  Kabala: 'Koinadugu',
  Kailahun: 'Kailahun',
  Moyamba: 'Moyamba',
  Lunsar: 'Port Loko',
  Kambia: 'Kambia',
  Bonthe: 'Bonthe',
};

/** Everyday occupations, with the higher-risk ones (contracts' list) rare among them (~5%). */
const OCCUPATIONS = [
  ...[
    'Trader',
    'Trader',
    'Farmer',
    'Farmer',
    'Teacher',
    'Nurse',
    'Driver',
    'Tailor',
    'Carpenter',
    'Fisherman',
  ],
  ...[
    'Civil servant',
    'Mechanic',
    'Student',
    'Market woman',
    'Okada rider',
    'Miner',
    'Accountant',
    'Police officer',
  ],
  ...[
    'Doctor',
    'Engineer',
    'Pastor',
    'Imam',
    'Shopkeeper',
    'Hairdresser',
    'Electrician',
    'Banker',
    'Soldier',
  ],
  ...['Lecturer', 'Pharmacist', 'Lawyer', 'Journalist', 'Builder', 'Cook', 'Security guard', 'Retired'],
  'Diamond dealer',
  'Money changer',
];
/** `'a', 'b'` from a constant contracts list (never input), for IN (…). */
const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const HIGH_OCC = inList(HIGH_RISK_OCCUPATIONS);
const CASH_SECTORS = inList(SECTOR_CODE_LIST.filter((c) => SECTOR_CODES[c].cashIntensive));
const SECTOR_LABELS = JSON.stringify(
  Object.fromEntries(SECTOR_CODE_LIST.map((c) => [c, SECTOR_CODES[c].label])),
);

/**
 * The full-record and KYC columns of a seeded customer, as expressions over the insert's row `g` (type, name,
 * town, mobile, status, id type and number, date of birth `dob`). PEPs are rare (0.2%, what
 * regulators' guidance suggests for a retail book); the risk reasons repeat rateRisk's words.
 */
export function profileColumns(
  rng: Rng,
  i: SQL,
  dob: SQL,
  asOf: string,
): { names: SQL; values: SQL; lateral: SQL } {
  const individual = sql`g.type in ('private', 'employee')`;
  const org = sql`g.type in ('corporate', 'government', 'organisation')`;
  // Drawn once per row in a lateral subquery (p), then read by every expression below.
  const lateral = sql`cross join lateral (select ${pick(textArray(OCCUPATIONS), OCCUPATIONS.length, rng, i, 51)} as occupation,
    case when g.type = 'government' then 'PUB' when g.type = 'organisation' then 'NGO'
      else ${pick(textArray(SECTOR_CODE_LIST), SECTOR_CODE_LIST.length, rng, i, 52)} end as sector,
    (g.type in ('private', 'employee') and ${rng(i, 50, 1000)} < 2) as pep offset 0) p`;
  const occupation = sql`p.occupation`;
  const sector = sql`p.sector`;
  const district = sql`(${JSON.stringify(DISTRICT_OF_TOWN)}::jsonb ->> g.town)`;
  const pep = sql`p.pep`;
  const occRisk = sql`(${individual} and ${occupation} in (${HIGH_OCC}))`;
  const sectorRisk = sql`(${org} and ${sector} in (${CASH_SECTORS}))`;
  // Ten-year IDs issued over the last ten years: a few expire within the KYC report's 90 days.
  const issued = sql`(${asOf}::date - (30 + ${rng(i, 53, 3610)})::int)`;
  const expires = sql`(${issued} + 3650)`;
  const address = sql`jsonb_build_object('line1', split_part(g.address, ', ', 1), 'town', g.town, 'district', ${district})`;
  const first = sql`split_part(g.name, ' ', 1)`;
  const last = sql`regexp_replace(g.name, '^.* ', '')`;
  const profile = sql`case
    when ${individual} then jsonb_build_object('type', g.type, 'branch', g.branch_code, 'title',
        case when ${rng(i, 4, 2)} = 0 then 'Mr' else 'Mrs' end, 'firstName', ${first}, 'lastName', ${last},
        'gender', case when ${rng(i, 4, 2)} = 0 then 'male' else 'female' end, 'dateOfBirth', ${dob}::text,
        'idType', g.id_type, 'idNumber', g.id_number, 'idIssuedOn', ${issued}::text, 'idExpiresOn', (${expires})::text,
        'nationality', 'SL', 'mobile', g.mobile_no, 'address', ${address}, 'occupation', ${occupation},
        'incomeBand', (array['under_2k','2k_10k','10k_50k','over_50k'])[1 + ${rng(i, 54, 4)}::int],
        'sourceOfFunds', (array['salary','business','farming','remittance'])[1 + ${rng(i, 55, 4)}::int],
        'nextOfKin', jsonb_build_object('name', 'Next of kin of ' || ${first}, 'relationship', 'Sibling', 'mobile', g.mobile_no),
        'pep', ${pep})
    when ${org} then jsonb_build_object('type', g.type, 'branch', g.branch_code, 'registeredName', g.name,
        'registrationNumber', g.id_number, 'tin', lpad((${rng(i, 56, 1_000_000_000)})::text, 9, '0'),
        'sectorCode', ${sector}, 'incorporatedOn', (${asOf}::date - (365 + ${rng(i, 59, 9000)})::int)::text, 'country', 'SL', 'mobile', g.mobile_no,
        'address', ${address}, 'signatories', '[]'::jsonb, 'mandate', 'any_two', 'combinations', '[]'::jsonb)
    else jsonb_build_object('type', g.type, 'branch', g.branch_code, 'jointName', g.name, 'holders', '[]'::jsonb,
        'mandate', 'either_or_survivor', 'mobile', g.mobile_no, 'address', ${address}) end`;
  const reasons = sql`(case when ${pep} then '["Politically exposed person"]'::jsonb else '[]'::jsonb end
    || case when ${occRisk} then jsonb_build_array('Higher-risk occupation: ' || ${occupation}) else '[]'::jsonb end
    || case when ${sectorRisk} then jsonb_build_array('Cash-intensive sector: ' || (${SECTOR_LABELS}::jsonb ->> ${sector})) else '[]'::jsonb end)`;
  const rating = sql`case when ${pep} then 'high' when ${occRisk} or ${sectorRisk} then 'medium' else 'low' end`;
  return {
    names: sql`district, id_expires_on, pep, mandate, profile, risk_rating, risk_reasons, edd_notes, review_on`,
    values: sql`${district}, case when ${individual} or g.type = 'joint' then ${expires} end, ${pep},
      case when ${org} then 'any_two' when g.type = 'joint' then 'either_or_survivor' end, ${profile}, ${rating},
      case when ${rating} = 'low' then '["No risk factor applies"]'::jsonb else ${reasons} end,
      case when ${pep} then 'Source of wealth and funds verified; senior management approval on file' end,
      case when ${pep} then date '2027-06-30' end`,
    lateral,
  };
}

/**
 * Directors for one corporate in ten (two private customers each, found by a primary-key walk from a
 * drawn id), written to customer_relations and to the corporate's profile as its signatories.
 */
export async function insertDirectors(
  tx: Database,
  rng: Rng,
  n: number,
  range: CustomerRange,
): Promise<void> {
  const c = sql`c.cust_id`;
  await tx.execute(sql`
    insert into customer_relations (cust_id, related_id, role)
    select c.cust_id, d.cust_id, 'director'
    from customers c
    cross join lateral (select p.cust_id from customers p
      where p.type = 'private' and p.cust_id >= 1 + ${rng(c, 57, n)} and p.cust_id <> c.cust_id
      order by p.cust_id limit 2) d
    where c.type = 'corporate' and ${rng(c, 58, 10)} = 0 and ${inRange(c, range)}`);
  await tx.execute(sql`
    update customers c set profile = c.profile || jsonb_build_object('signatories', r.list)
    from (select cust_id, jsonb_agg(jsonb_build_object('customerId', related_id, 'role', role) order by related_id) as list
          from customer_relations where ${inRange(sql`cust_id`, range)} group by cust_id) r
    where r.cust_id = c.cust_id and ${inRange(c, range)}`);
}
