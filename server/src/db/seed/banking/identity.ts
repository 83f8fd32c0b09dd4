import { sql, type SQL } from 'drizzle-orm';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NIN_SPACE = 36 ** 8; // 2,821,109,907,456
// Odd and not a multiple of 3, so coprime with 36^8 = 2^16·3^16: i ↦ i·K mod 36^8 is a bijection,
// which makes every seeded NIN unique (the unique index on (id_type, id_number) demands it).
const NIN_STEP = 2_654_435_761;

/** 8 base-36 characters of a number below 36^8, most significant first. */
function base36(x: SQL): SQL {
  const digits = Array.from(
    { length: 8 },
    (_, k) => sql`substr(${ALPHABET}, (((${x}) / ${36 ** (7 - k)}::bigint) % 36)::int + 1, 1)`,
  );
  return sql.join(digits, sql` || `);
}

/**
 * The identity document number of customer `id`, unique per type: NINs in the researched shape
 * (8 upper-case letters and digits, docs/decisions NIN ADR), passports and voter cards by the same
 * bijection trick over their own number spaces, registration numbers from the id itself.
 */
export function idNumberSql(id: SQL, idType: SQL, year: SQL): SQL {
  return sql`case ${idType}
    when 'national_id' then ${base36(sql`((${id})::bigint * ${NIN_STEP}::bigint) % ${NIN_SPACE}::bigint`)}
    when 'passport' then 'SL' || lpad((((${id})::bigint * 7919) % 10000000)::text, 7, '0')
    when 'voter_card' then 'V' || lpad((((${id})::bigint * 104729) % 1000000000)::text, 9, '0')
    else 'CR-' || ${year} || '-' || lpad((${id})::text, 7, '0') end`;
}
