import { sql } from 'drizzle-orm';
import { CUSTOMER_TEXT, customerHref } from '@bankmanager/contracts';
import type { z } from 'zod';
import type { duplicateMatchSchema } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { HttpError } from '../../lib/http-error.ts';

type Match = z.infer<typeof duplicateMatchSchema>;
type Why = Match['why'];

/** A 409 whose body is the contracts' duplicateRefusalSchema (top-level code and matches). */
export class DuplicateError extends HttpError {
  constructor(
    readonly code: 'duplicate_id' | 'possible_duplicate',
    readonly matches: Match[],
  ) {
    const message =
      code === 'duplicate_id' ? CUSTOMER_TEXT.duplicateId(matches[0]!.name) : CUSTOMER_TEXT.possibleDuplicate;
    super(409, message, undefined, { code, matches });
  }
}

const match = (why: Why) => (r: { id: number | string; name: string }) => ({
  id: Number(r.id),
  name: r.name,
  href: customerHref(Number(r.id)),
  why,
});

/** 409 duplicate_id when another customer holds this identity document (NIN, passport, card, registration). */
export async function refuseDuplicateId(db: Database, idType: string, idNumber: string, except = 0) {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select cust_id as id, name from customers
        where id_type = ${idType} and id_number = ${idNumber} and cust_id <> ${except} limit 5`,
  );
  if (rows.length > 0) throw new DuplicateError('duplicate_id', rows.map(match('id_number')));
}

/**
 * 409 possible_duplicate for the same name and date of birth, or the same mobile, unless the user
 * confirmed: a warning, since families share phones and common names repeat.
 */
export async function warnPossibleDuplicates(
  db: Database,
  c: { name: string; dateOfBirth?: string | undefined; mobile: string },
  except = 0,
): Promise<void> {
  const byName = c.dateOfBirth
    ? await queryRows<{ id: number; name: string }>(
        db,
        sql`select cust_id as id, name from customers where lower(name) = lower(${c.name})
            and date_of_birth = ${c.dateOfBirth}::date and cust_id <> ${except} and merged_into is null limit 5`,
      )
    : [];
  const byMobile = await queryRows<{ id: number; name: string }>(
    db,
    sql`select cust_id as id, name from customers where mobile_no = ${c.mobile}
        and cust_id <> ${except} and merged_into is null limit 5`,
  );
  const matches = [...byName.map(match('name_and_birth_date')), ...byMobile.map(match('mobile'))];
  if (matches.length > 0) throw new DuplicateError('possible_duplicate', matches);
}
